"""The words card data is written in: triggers, targets, references, keywords, reveal
conditions, and the step and effect values the op registry (OPS) checks and runs.

Every op is declared once in effects.py (parameters, the sentence it writes, what it does);
cards.py checks each step of the data against those declarations.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.ops import OpRegistry, Param

# when an effect happens
WHENS = ("play", "activated", "turn_start", "turn_end", "destroyed", "leaves", "recruit", "static")

# what a chosen target may be (targets.py checks each)
MERC_TARGETS = ("enemy_merc", "own_merc", "other_own_merc", "any_merc")
OWN_MERC_TARGETS = ("own_merc", "other_own_merc")
# other_own_merc: a mercenary of yours but not the one the effect comes from, so that an
# ability that readies an ally cannot pay its own exhaust back; only a mercenary has a "this one"
SOURCE_TARGETS = ("other_own_merc",)
PLAYER_TARGETS = ("opponent", "enemy_any")            # enemy_any: an enemy mercenary or an opponent
POOL_TARGETS = ("pool", "pool_lesser")
SPACE_TARGETS = ("own_space", "enemy_space")
LINK_TARGETS = ("enemy_spell", "enemy_merc_link", "own_spell")
TARGETS = MERC_TARGETS + PLAYER_TARGETS + POOL_TARGETS + SPACE_TARGETS + LINK_TARGETS

# what a step may act on besides its chosen target
MERC_REFS = ("self", "host", "enemy_mercs", "own_mercs", "all_mercs")
PLAYER_REFS = ("controller", "opponents")
REFS = ("target",) + MERC_REFS + PLAYER_REFS

# the keywords of the glossary a card can print (Hidden and Fated are read by the rules of play;
# the mercenary ones by combat and targeting)
MERC_KEYWORDS = ("garrison", "reach", "first_blood", "critical_strike", "concealed", "hidden")
SPELL_KEYWORDS = ("fated", "hidden")
GRANTABLE = ("garrison", "reach", "first_blood", "critical_strike", "concealed")
KEYWORD_NAMES = {"garrison": "Garrison", "reach": "Reach", "first_blood": "First Blood",
                 "critical_strike": "Critical Strike", "concealed": "Concealed", "hidden": "Hidden",
                 "fated": "Fated"}

# when a Hidden card may be revealed
CONDITIONS = ("your_turn", "enemy_attack", "enemy_spell", "enemy_merc", "low_life")
CONDITION_TEXT = {"your_turn": "on your turn",
                  "enemy_attack": "when an enemy attacks you or one of your mercenaries",
                  "enemy_spell": "when an opponent plays a spell",
                  "enemy_merc": "when an opponent plays a mercenary",
                  "low_life": "when your Life is 10 or less"}
LOW_LIFE = 10

COST_KEYS = ("exhaust", "mana")

# Every op also takes "to": its chosen target or a reference (REFS).
OPS = OpRegistry("paragons", common=(Param("to", str, "target", REFS, "reference"),))


@dataclass(frozen=True, slots=True)
class Step:
    op: str
    to: str = "target"
    n: int = 0
    atk: int = 0
    hp: int = 0
    keyword: str = ""
    hold: bool = False           # exhaust: it does not recover at its player's next turn
    to_hand: bool = False        # counter: the cancelled card goes back to its owner's hand


@dataclass(frozen=True, slots=True)
class Effect:
    when: str
    steps: tuple[Step, ...]
    target: str = ""                      # the chosen target's spec, "" for none
    combo: tuple[Step, ...] = ()          # done too if its player played another card this turn
    exhaust: bool = False                 # activated: the cost
    mana: int = 0
    anytime: bool = False                 # activated: usable on any turn and the turn it arrived

    @property
    def all_steps(self) -> tuple[Step, ...]:
        return self.steps + self.combo
