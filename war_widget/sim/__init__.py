"""The simulator: games played many times over, and the studies made with them.

``simulation`` (``simulate``: many War games, on the engine or the compiled kernel), ``fastsim`` (the
C kernel, an extension built with the package), ``policy_study`` (measuring a gather order), ``steal``
(Steal War's simulator).

Imports the game, never a view; side by side with the text (neither imports the other).
"""
