"""The trade panel: pick the cards to hand over, say what they are (truly or not), say what you
want, and choose the chef; or answer an offer with cards and a claim, a counter-offer, or a no.

Everything is reachable by keyboard alone (Up/Down between rows, Left/Right to change a row,
PageUp/PageDown to jump a kind of card, 1-9 to pick cards from the hand, Enter on a button) and by
mouse alone (the arrows on each row, the buttons, a click on a card in the hand). An answer opens on
a row that walks through the hand (Enter picks the card shown, and the focus goes on to the button
that answers), so Enter after Enter moves on, and only ever sends cards the player picked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from pie_table.games.cheflebrity import claims as C
from pie_table.games.cheflebrity.deck import FLAVOURS, QUALITIES
from pie_table.games.cheflebrity.ui.names import card_label, chef_label, claim_label
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import _, ngettext, tr
from pie_table.kit.log_panel import paper
from pie_table.kit.text import fit_text, wrap_text


def _claim_options() -> list[dict[str, Any]]:
    """Every description a claim may use, grouped by kind (PageUp/PageDown jump a group)."""
    found: list[dict[str, Any]] = []
    for kind in ("bottom", "filling", "top", "extras"):
        found.append({"kind": kind})
        if kind == "filling":
            found += [{"kind": kind, "quality": q, "flavour": f} for f in FLAVOURS for q in QUALITIES]
        else:
            found += [{"kind": kind, "quality": q} for q in QUALITIES]
    found += [{"kind": "sabotage"}, {"kind": "saved"}, {"kind": "genius"}]
    return found


CLAIMS = _claim_options()
WANTS = [{"kind": C.ANY}, *CLAIMS]
NO_COUNTER = -1


def _index(options: list[dict[str, Any]], desc: dict[str, Any]) -> int:
    return next((i for i, d in enumerate(options) if d == desc), 0)


def _jump(options: list[dict[str, Any]], index: int, step: int) -> int:
    """The first option of the next (or previous) kind."""
    kind = options[index]["kind"]
    i = index
    while 0 <= i + step < len(options):
        i += step
        if options[i]["kind"] != kind:
            if step < 0:  # to the start of that group
                while i > 0 and options[i - 1]["kind"] == options[i]["kind"]:
                    i -= 1
            return i
    return index


_BUTTONS = ("send", "decline", "cancel", "accept")
_ROW_GAP = 3


def _fitting(keys: list[str], heights: dict[str, int], focused: str, room: int) -> list[str]:
    """The rows drawn in `room`: all when they fit; else the buttons and the focused row stay and
    the other rows give way from the top (many cards picked in a small window still show Decline;
    a row left out comes back when the focus reaches it)."""
    shown = list(keys)
    while sum(heights[key] + _ROW_GAP for key in shown) > room:
        spare = next((key for key in shown if key != focused and key not in _BUTTONS), None)
        if spare is None:
            break
        shown.remove(spare)
    return shown


@dataclass
class Row:
    # "partner", "card" (the hand, one card at a time), "claim:<card>", "want", "counter", or a
    # button: "send", "decline", "cancel", "accept"
    key: str
    rect: pygame.Rect
    left: pygame.Rect
    right: pygame.Rect


class TradePanel:
    """Composing an offer (mode "offer"), an answer to one ("reply"), or the cards handed over
    when accepting a counter-offer ("counter")."""

    def __init__(
        self,
        mode: str,
        seat: int,
        view: dict[str, Any],
        submit: Callable[[dict[str, Any]], bool],
        close: Callable[[], None],
        names: list[str] | None = None,
    ) -> None:
        self.mode = mode
        self.seat = seat
        self.view = view
        self.submit = submit
        self.close = close
        self.names = names or []
        trade = view.get("trade") or {}
        self.partners = [s for s in range(view["seats"]) if s != seat and s not in view["traded_with"]]
        self.partner = 0
        self.picked: list[int] = []
        self.claim_of: dict[int, int] = {}
        self.want = 0 if mode == "offer" else NO_COUNTER
        self.focus = 0
        self.rows: list[Row] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.offer = trade
        self.pool = list(view.get("hand", [])) + (list(trade.get("mine", [])) if mode == "counter" else [])
        self.cursor = 0  # the pool's card the "card" row shows
        if mode != "offer" and not self.pool:
            self.focus = self.keys().index("decline")  # nothing to hand over: no is the answer left

    # -- choices ---------------------------------------------------------------------------------------

    def toggle(self, card: int) -> bool:
        """Pick a card to hand over (again: put it back). False if it is not one of yours."""
        if card not in self.pool:
            return False
        on_hand_row = self.focused() == "card"
        self.cursor = self.pool.index(card)
        if card in self.picked:
            self.picked.remove(card)
            self.claim_of.pop(card, None)
        else:
            self.picked.append(card)
            self.claim_of[card] = _index(CLAIMS, C.honest(card))
            if on_hand_row:  # the answer now has its cards: Enter next sends it
                self.focus = self.keys().index("send")
        self.message = ""
        return True

    def focused(self) -> str:
        """The key of the row or button with the keyboard focus."""
        keys = self.keys()
        return keys[min(self.focus, len(keys) - 1)]

    def lit_cards(self) -> set[int]:
        """The hand's card the "card" row shows, while it has the focus (lit in the hand)."""
        return {self.pool[self.cursor]} if self.focused() == "card" else set()

    def prefill(self, offer: dict[str, Any]) -> None:
        """Fill the panel with an offer (a hint's): its cards, claims, want and partner."""
        for card, desc in zip(offer.get("give", []), offer.get("claim", []), strict=False):
            if card in self.pool and card not in self.picked:
                self.toggle(card)
                self.claim_of[card] = _index(CLAIMS, desc)
        if offer.get("want"):
            self.want = _index(WANTS, offer["want"][0])
        if offer.get("to") in self.partners:
            self.partner = self.partners.index(offer["to"])
        self.focus = len(self.keys()) - 2  # on Offer

    def prefill_answer(self, answer: dict[str, Any]) -> None:
        """Fill the panel with an answer (a hint's): a reply's or counter's cards, claims and wish,
        with the focus on the button that sends it; a plain accept or decline just takes the focus."""
        kind = answer.get("type")
        for card, desc in zip(answer.get("give", []), answer.get("claim", []), strict=False):
            if card in self.pool and card not in self.picked:
                self.toggle(card)
                self.claim_of[card] = _index(CLAIMS, desc)
        if kind == "counter" and answer.get("want") and self.mode == "reply":
            self.want = _index(WANTS, answer["want"][0])
        keys = self.keys()
        target = "send" if answer.get("give") else kind
        self.focus = keys.index(target) if target in keys else 0

    def keys(self) -> list[str]:
        found = ["partner"] if self.mode == "offer" else (["card"] if self.pool else [])
        found += [f"claim:{card}" for card in self.picked]
        if self.mode in ("offer", "reply"):
            found.append("want" if self.mode == "offer" else "counter")
        if self.mode == "offer":
            found += ["send", "cancel"]
        elif self.mode == "reply":
            found += ["send", "decline"]
        else:
            found += ["send", "accept", "decline"]
        return found

    def _change(self, key: str, step: int, jump: bool = False) -> None:
        if key == "partner" and self.partners:
            self.partner = (self.partner + step) % len(self.partners)
        elif key == "card":
            self.cursor = (self.cursor + step) % len(self.pool)
        elif key.startswith("claim:"):
            card = int(key.split(":")[1])
            index = self.claim_of[card]
            self.claim_of[card] = _jump(CLAIMS, index, step) if jump else (index + step) % len(CLAIMS)
        elif key in ("want", "counter"):
            options = WANTS
            if key == "counter" and self.want == NO_COUNTER:
                self.want = 0 if step > 0 else len(options) - 1
            elif key == "counter" and (
                (self.want == 0 and step < 0) or (self.want == len(options) - 1 and step > 0)
            ):
                self.want = NO_COUNTER
            else:
                self.want = _jump(options, self.want, step) if jump else (self.want + step) % len(options)

    def action(self, key: str) -> dict[str, Any] | None:
        """The action a button sends (None for Cancel, or when something is missing: see `message`)."""
        if key in ("decline",):
            return {"type": "decline"}
        if key == "accept":
            return {"type": "accept"}
        if key != "send":
            return None
        if not self.picked:
            self.message = _("Pick the cards to hand over: click them in your hand, or press 1-9")
            return None
        claim = [CLAIMS[self.claim_of[card]] for card in self.picked]
        if self.mode == "offer":
            if not self.partners:
                self.message = _("You have offered every chef a trade this turn")
                return None
            return {
                "type": "offer",
                "to": self.partners[self.partner],
                "give": list(self.picked),
                "claim": claim,
                "want": [WANTS[self.want]],
            }
        if self.mode == "reply":
            if self.want == NO_COUNTER:
                return {"type": "reply", "give": list(self.picked), "claim": claim}
            return {"type": "counter", "give": list(self.picked), "claim": claim, "want": [WANTS[self.want]]}
        return {"type": "accept", "give": list(self.picked), "claim": claim}

    def press(self, key: str) -> None:
        if key == "cancel":
            self.close()
            return
        action = self.action(key)
        if action is not None:
            self.submit(action)

    # -- input ------------------------------------------------------------------------------------------

    def handle_key(self, key: int) -> bool:
        keys = self.keys()
        self.focus = min(self.focus, len(keys) - 1)
        current = keys[self.focus]
        if key in (pygame.K_DOWN, pygame.K_s):
            self.focus = (self.focus + 1) % len(keys)
        elif key in (pygame.K_UP, pygame.K_w):
            self.focus = (self.focus - 1) % len(keys)
        elif key in (pygame.K_LEFT, pygame.K_a):
            self._change(current, -1)
        elif key in (pygame.K_RIGHT, pygame.K_d):
            self._change(current, 1)
        elif key == pygame.K_PAGEUP:
            self._change(current, -1, jump=True)
        elif key == pygame.K_PAGEDOWN:
            self._change(current, 1, jump=True)
        elif pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            if index < len(self.pool):
                self.toggle(self.pool[index])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if current in _BUTTONS:
                self.press(current)
            elif current == "card":
                self.toggle(self.pool[self.cursor])
            else:
                self.focus = (self.focus + 1) % len(keys)
        elif key == pygame.K_BACKSPACE and self.mode == "offer":
            self.close()
        else:
            return False
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and self.rect.collidepoint(
                event.pos
            )
        keys = self.keys()
        for row in self.rows:
            if row.key not in keys:
                continue
            if row.left.collidepoint(event.pos):
                self.focus = keys.index(row.key)
                self._change(row.key, -1)
                return True
            if row.right.collidepoint(event.pos):
                self.focus = keys.index(row.key)
                self._change(row.key, 1)
                return True
            if row.rect.collidepoint(event.pos):
                self.focus = keys.index(row.key)
                if row.key in _BUTTONS:
                    self.press(row.key)
                return True
        return self.rect.collidepoint(event.pos)

    # -- drawing -----------------------------------------------------------------------------------------

    def _value(self, key: str) -> str:
        if key == "partner":
            if not self.partners:
                return "—"
            seat = self.partners[self.partner]
            return chef_label(seat, self.names[seat] if seat < len(self.names) else "")
        if key == "card":
            return card_label(self.pool[self.cursor])
        if key.startswith("claim:"):
            return tr(C.describe(CLAIMS[self.claim_of[int(key.split(":")[1])]]))
        if key in ("want", "counter"):
            return _("no counter-offer") if self.want == NO_COUNTER else tr(C.describe(WANTS[self.want]))
        return ""

    def _title(self, key: str) -> str:
        if key == "partner":
            return _("Trade with")
        if key == "card":
            if self.pool[self.cursor] in self.picked:
                return _("Picked (Enter: put back)")
            return _("Hand over (Enter)")
        if key.startswith("claim:"):
            card = int(key.split(":")[1])
            return _("{card}: say it is").format(card=card_label(card))
        if key == "want":
            return _("You ask for")
        if key == "counter":
            return _("Ask for instead")
        return {
            "send": _("Offer")
            if self.mode == "offer"
            else (_("Answer") if self.mode == "reply" else _("Hand these over")),
            "cancel": _("Cancel"),
            "decline": _("Decline"),
            "accept": _("Accept: hand over the same cards"),
        }[key]

    def heading(self) -> str:
        if self.mode == "offer":
            return _("Trade: pick cards from your hand (click or 1-9), say what they are, and what you want.")
        trade = self.offer
        seat = trade.get("from", 0)
        who = chef_label(seat, self.names[seat] if seat < len(self.names) else "")
        if self.mode == "reply":
            n = trade.get("n_give", 0)
            return ngettext(
                "{chef} offers {n} card said to be {claim}, for {want}. Answer, counter, or decline.",
                "{chef} offers {n} cards said to be {claim}, for {want}. Answer, counter, or decline.",
                n,
            ).format(
                chef=who,
                n=n,
                claim=claim_label(trade.get("claim")),
                want=claim_label(trade.get("want")),
            )
        return _("They want {want} instead. Pick what you hand over, or keep your first offer.").format(
            want=claim_label(trade.get("counter"))
        )

    def _row_heights(self, keys: list[str], size: int, space: int, row_h: int) -> dict[str, int]:
        """Each row's height: a card's name and what it is said to be side by side in `space`, or one
        over the other rather than cut."""
        tall = max(row_h, 2 * font(size).get_linesize() + 6)
        heights: dict[str, int] = {}
        for key in keys:
            if key in _BUTTONS:
                heights[key] = row_h
                continue
            wide = font(size).size(self._title(key))[0] + font(size, "bold").size(self._value(key))[0] + 8
            heights[key] = tall if wide > space else row_h
        return heights

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float, painted: bool = False) -> None:
        """The panel in `rect` (`painted`: its paper is on the table's backdrop already)."""
        self.rect = rect
        if not painted:
            paper(surface, rect, scale)
        pad = int(8 * scale)
        y = rect.y + pad
        bold = font(max(min_readable(), int(15 * scale)), "bold")
        for line in wrap_text(self.heading(), bold, rect.w - 2 * pad)[:4]:
            image = bold.render(line, True, pal.INK)
            surface.blit(image, (rect.x + pad, y))
            y += image.get_height()
        y += pad // 2
        keys = self.keys()
        self.focus = min(self.focus, len(keys) - 1)
        row_h = max(int(30 * scale), min_readable() * 2 + 4)
        arrow_w = int(26 * scale)
        size = max(min_readable(), int(14 * scale))
        self.rows = []
        # Why a button cannot be pressed yet, wrapped (not cut) under the rows, which leave it room.
        notes = wrap_text(self.message, font(size, "bold"), rect.w - 2 * pad) if self.message else []
        note_h = len(notes) * font(size, "bold").get_linesize() + (4 if notes else 0)
        heights = self._row_heights(keys, size, rect.w - 2 * pad - 2 * arrow_w - 16, row_h)
        for key in _fitting(keys, heights, keys[self.focus], rect.bottom - pad - note_h - y):
            button = key in _BUTTONS
            words = (self._title(key), "" if button else self._value(key))
            tall = heights[key] > row_h
            row = pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, heights[key])
            if row.bottom > rect.bottom - pad - note_h:
                break
            focused = key == keys[self.focus]
            fill = pal.GOLD if focused else (pal.CREAM if not button else pal.PAPER)
            pygame.draw.rect(surface, fill, row, border_radius=row_h // 3)
            pygame.draw.rect(surface, pal.WOOD_DARK, row, 2, border_radius=row_h // 3)
            left = right = pygame.Rect(0, 0, 0, 0)
            if button:
                text = fit_text(words[0], size, row.w - 12, pal.INK, "bold")
                surface.blit(text, text.get_rect(center=row.center))
            else:
                top = row.centery - row_h // 2 + 3
                left = pygame.Rect(row.right - 2 * arrow_w - 4, top, arrow_w, row_h - 6)
                right = pygame.Rect(row.right - arrow_w - 2, left.y, arrow_w, row_h - 6)
                for box, glyph in ((left, "◀"), (right, "▶")):
                    pygame.draw.rect(surface, pal.WOOD_LIGHT, box, border_radius=6)
                    mark = font(size, "bold").render(glyph, True, pal.CREAM)
                    surface.blit(mark, mark.get_rect(center=box.center))
                space = left.x - row.x - 12
                face = "bold" if focused else "sans"
                if tall:
                    title = fit_text(words[0], size, space, pal.soft_ink())
                    value = fit_text(words[1], size, space, pal.INK, face)
                    surface.blit(title, (row.x + 8, row.y + 3))
                    surface.blit(value, value.get_rect(bottomright=(left.x - 6, row.bottom - 3)))
                else:
                    value = fit_text(words[1], size, space, pal.INK, face)  # both fit: `tall` says so
                    title = fit_text(words[0], size, space - value.get_width() - 8, pal.soft_ink())
                    surface.blit(title, title.get_rect(midleft=(row.x + 8, row.centery)))
                    surface.blit(value, value.get_rect(midright=(left.x - 6, row.centery)))
            self.rows.append(Row(key, row, left, right))
            y = row.bottom + _ROW_GAP
        bottom = rect.bottom - pad
        for line in reversed(notes):
            note = fit_text(line, size, rect.w - 2 * pad, pal.DANGER, "bold")
            surface.blit(note, (rect.x + pad, bottom - note.get_height()))
            bottom -= font(size, "bold").get_linesize()
