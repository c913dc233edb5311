"""A pack read and checked: pack.yaml, components.yaml, items, tts.yaml, the game model it names,
catalogs and score sheet."""
