"""A pack's score sheet (`scoring.yaml`, docs/score-sheet.md): read, checked against its closed
vocabulary and the pack's pieces, frozen. Nothing in a sheet is evaluated as code.

It is read in stages, each a module, in this order (read.py runs them): the names it declares
(names.py), its pieces (pieces.py), switches and entries (entries.py), measures, categories and
every expression by the form table (exprs.py, scoring/forms/), what follows them (verdict.py), the
order of steps (order.py); then the frozen `Sheet` (model.py), and for the page its JSON and keys
(page.py). Every fault is a finding at its file, line and key (checks.py), in the order read.
"""

from ..forms import FORMS as FORMS
from ..forms import IT as IT
from ..forms import PLAYERS as PLAYERS
from ..forms import TOTAL as TOTAL
from ..forms import Expr as Expr
from ..forms import Num as Num
from ..forms import evaluate_num as evaluate_num
from ..forms.check import MAX_PARTS as MAX_PARTS
from ..forms.check import MAX_TABLE as MAX_TABLE
from ..forms.check import ROUNDS as ROUNDS
from ..forms.check import WHOSE as WHOSE
from .keys import LIMIT as LIMIT
from .keys import MAX_DEPTH as MAX_DEPTH
from .keys import MAX_FORMS as MAX_FORMS
from .keys import MAX_ITEMS as MAX_ITEMS
from .keys import ONCE as ONCE
from .keys import SHAPES as SHAPES
from .keys import TIES as TIES
from .model import SHEET as SHEET
from .model import TEAM as TEAM
from .model import VERSION as VERSION
from .model import Collection as Collection
from .model import Piece as Piece
from .model import Sheet as Sheet
from .model import default_outcome as default_outcome
from .page import CHECK_VALUES as CHECK_VALUES
from .page import call_values as call_values
from .page import catalog_keys as catalog_keys
from .page import instant_losses as instant_losses
from .page import loses_rule as loses_rule
from .page import option_value_keys as option_value_keys
from .page import plurals as plurals
from .page import resolved as resolved
from .page import shown_keys as shown_keys
from .read import _Reader as _Reader
from .read import load as load
