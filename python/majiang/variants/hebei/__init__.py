"""Hebei 河北麻将 (``docs/rules/hebei.md``); not registered yet."""
