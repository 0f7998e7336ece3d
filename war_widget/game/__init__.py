"""The pure game: cards, rules, randomness, events, the engine, game codes, saves, statistics, policies.

No module here imports a widget, a simulator, a text module, the clock or global random state.
"""
