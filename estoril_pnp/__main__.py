from .cli import app

app(prog_name="estoril-pnp")
