"""The simulator: games played many times over, and the studies made with them (Steal War's for now).

Imports the game, never a view; side by side with the text (neither imports the other).
"""
