"""Shared test set-up: hypothesis's profile (the helpers are in ``support/``, on the path)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("default")
