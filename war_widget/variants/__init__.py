"""The variants with decisions, one folder each, the same shape: the game module(s), its policies,
its saves.  A variant imports the pure game (``war_widget.game``), never the text, the simulator
or a view.
"""
