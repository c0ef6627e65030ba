"""The web board (``tricksolver serve``): a local server that shows a hand on
a table in the browser, plays it and streams the engine's answers.  The
optional extra ``web`` (``pip install 'tricksolver[web]'``): Starlette and
uvicorn.  `solver.web.server` serves, `solver.web.boards` holds the boards,
`solver.web.state` writes what the page draws; docs/board.md."""
