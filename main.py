"""Entry point: `python main.py` opens the table; `python main.py --help` lists headless commands."""

from pie_table.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
