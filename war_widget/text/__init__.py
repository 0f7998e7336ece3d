"""The words: labels in every language (English, Japanese, the children's register), the narration of
every beat, and the text of the variants.  Imports the game, never a view or the simulator.
"""
