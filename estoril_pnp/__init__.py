"""Print-and-play toolchain for City of Spies: Estoril 1942 (an unofficial fan tool)."""

__version__ = "0.1.0"
