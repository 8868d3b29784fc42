"""``python -m majiang``: the same as the ``majiang`` command."""

from majiang.cli import main

raise SystemExit(main())
