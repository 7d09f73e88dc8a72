"""Rumble Pie's table as its window plays it, with no pygame: the game run here at its fixed step
(`sim.TableSim`), or one seat of a game hosted elsewhere on the remote driver every such seat runs
on, fed live by its link (`remote_sim.RemoteTableSim`) or by that seat's own recording
(`recorded_sim.RecordedTableSim`), all read through one shape (`seat_sim.SeatTableSim`,
`table_state.TableState`). The table scene in `ui` draws whichever it is handed."""
