"""Rumble Pie's table as its window plays it, with no pygame: the game run here at its fixed step
(`sim.TableSim`), one seat of a game hosted elsewhere (`remote_sim.RemoteTableSim`, over
`net.seat_link`) or read back from that seat's own recording (`recorded_sim.RecordedTableSim`),
all read through one shape (`seat_sim.SeatTableSim`, `table_state.TableState`). The table scene in
`ui` draws whichever it is handed."""
