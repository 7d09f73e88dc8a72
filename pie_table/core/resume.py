"""A save's log replayed into a session: the one replay (`TableDriver.from_log`) under the save
checks of `core.saves`. Apart from saves, because the driver keeps the table's autosave: saves
below the driver, this above both."""

from __future__ import annotations

from typing import Any

from pie_table.core.driver import ReplayError, TableDriver
from pie_table.core.messages import Msg
from pie_table.core.saves import SaveError, expand_log, prepare_save
from pie_table.core.session import Session


def load_session(data: dict[str, Any], upto: int | None = None) -> Session:
    """Replay a parsed save into a session (the first `upto` actions only, if given).

    Raises SaveError: readable=False for a save of an unknown game or a damaged setup, readable=True
    for one that does not replay (an action refused, or a different final state).
    """
    info, setup, data = prepare_save(data)
    entries = expand_log(data["log"])
    try:
        session = TableDriver.from_log(setup, entries, upto=upto, info=info).session
    except ReplayError as exc:
        why, n = exc.reason, exc.index + 1
        if exc.crashed:
            raise SaveError(Msg("the save does not replay: action {n} fails ({why})", n=n, why=why)) from None
        refused = Msg("the save does not replay: action {n} is refused ({why})", n=n, why=why)
        raise SaveError(refused) from None
    except Exception:  # noqa: BLE001 - damaged options may upset an engine's set-up in any way
        raise SaveError(Msg("the save's seats and options are damaged"), readable=False) from None
    expected = data.get("state_hash")
    if upto is None and expected is not None and expected != session.hash():
        raise SaveError(Msg("the save does not replay: the replayed game differs from the saved one"))
    return session
