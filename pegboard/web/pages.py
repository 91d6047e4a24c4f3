"""The HTML of every page (the lobby and a table, the review, the statistics): one shell, the page's
own script and style sheets, and what it says while its script loads.

>>> b"/static/js/stats.js" in page("pegboard · statistics", "stats", "Loading…").body
True
"""

from __future__ import annotations

from html import escape

from fastapi.responses import HTMLResponse

__all__ = ["page"]

SHELL = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="dark light">
  <meta name="theme-color" content="#123d2c">
  <title>{title}</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
{styles}
  <script type="module" src="/static/js/{script}.js"></script>
</head>
<body>
  <div id="app"><p class="loading">{loading}</p></div>
  <noscript><p class="loading">pegboard needs JavaScript in the browser.</p></noscript>
</body>
</html>
"""


def page(title: str, script: str, loading: str, styles: tuple[str, ...] = ("style", "review")) -> HTMLResponse:
    """A page that runs ``/static/js/{script}.js``, with the style sheets ``/static/{name}.css``."""
    links = "\n".join(f'  <link rel="stylesheet" href="/static/{escape(name)}.css">' for name in styles)
    html = SHELL.format(title=escape(title), script=escape(script), loading=escape(loading), styles=links)
    return HTMLResponse(html, headers={"cache-control": "no-cache"})
