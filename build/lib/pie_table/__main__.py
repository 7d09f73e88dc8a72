from pie_table.cli.main import main

raise SystemExit(main())
