"""Shared test settings: hypothesis without deadlines (CI machines vary in speed)."""
from hypothesis import settings

settings.register_profile("project", deadline=None, print_blob=True)
settings.load_profile("project")
