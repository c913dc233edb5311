"""Game models: the plug-ins a pack's `model:` names. The engine never imports them; it loads
one by module path (`pack/model.py`) and talks to it only through `GameModel`."""
