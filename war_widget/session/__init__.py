"""The play sessions: everything a table decides (actions, modes, clock, guess, undo and jump,
narration, results, records and the saved game), with no widget library, so the notebook
component, a test or a script all show the same game beat by beat."""
