"""Play in the browser: a local web server, a JSON API over the library, and a static page.

The page draws the board and sends clicks; the rules, the bots and the records stay in the
library, behind the API (:mod:`tictactoe.web._api`), which the HTTP layer
(:mod:`tictactoe.web._server`) only carries. ``tictactoe serve`` starts it:

>>> from tictactoe.web import Api, WebServer
>>> server = WebServer(("127.0.0.1", 0), Api())
>>> server.url.startswith("http://127.0.0.1:")
True
>>> server.server_close()
"""

from tictactoe.limits import old_constant
from tictactoe.web._api import MAX_SECONDS, Api, Reply
from tictactoe.web._seats import Seats
from tictactoe.web._server import LOOPBACK, WebServer, is_loopback

__getattr__ = old_constant(__name__, "DEFAULT_SECONDS", 2.0, "tictactoe.limits.PAGE.seconds")

__all__ = [
    "LOOPBACK",
    "MAX_SECONDS",
    "Api",
    "Reply",
    "Seats",
    "WebServer",
    "is_loopback",
]
