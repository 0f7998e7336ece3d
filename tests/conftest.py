"""Shared test settings: hypothesis without deadlines (CI machines vary in speed); the package
built once a run for every test of the built package."""
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("project", deadline=None, print_blob=True)
settings.load_profile("project")


@pytest.fixture(scope="session")
def package_dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel built from it, once a run (``test_packaging.build_dists``: a real
    ``python -m build`` of a clean copy of the checkout), for tests/test_packaging.py,
    tests/test_packaging_light.py and tests/sim/test_wheel.py: each build compiles every C kernel."""
    from test_packaging import build_dists

    return build_dists(tmp_path_factory)
