"""Observations: what a seat may see, and the numpy planes checked against the game state."""

from __future__ import annotations

import copy

import numpy as np
from test_hidden_information import expected_revealed, lower_jing

import majiang
from majiang.game import PLANES, EfficiencyBot, Game, RandomBot, stack_observations
from majiang.game.bots import Bot
from majiang.game.observation import PHASES


def row(name: str) -> int:
    return PLANES.index(name)


def expected_planes(game: Game, seat: int) -> np.ndarray:
    """The planes computed independently, from the referee's state."""
    st = game.state
    a = np.zeros((len(PLANES), 34), np.int64)
    a[row("hand")] = st.hands[seat]
    if st.phase == "turn" and st.turn == seat and st.drawn is not None and not game.over:
        a[row("drawn"), st.drawn] = 1
    for rel in range(4):
        other = (seat + rel) % 4
        for m in st.melds[other]:
            if m.kind == "an_gang":
                a[row("concealed_kongs"), rel] += 1
                if rel and not game.table.concealed_kongs_shown:
                    continue  # another seat's concealed kong: its kind is hidden
            for k in m.kinds:
                a[row("melds_self") + rel, k] += 1
        for k in st.ponds[other]:
            a[row("pond_self") + rel, k] += 1
    for j in st.wilds:
        a[row("wild"), j] = 1
    if st.indicator is not None:
        a[row("indicator"), st.indicator] = 1
    claimed = st.rob_tile if st.phase == "rob" else st.last_discard
    if claimed is not None:
        a[row("last_discard"), claimed] = 1
    seen = a[row("hand")] + a[row("melds_self") : row("melds_self") + 4].sum(0)
    seen += a[row("pond_self") : row("pond_self") + 4].sum(0)
    for f in st.flowers:
        for t in f:
            if t < 34:
                seen[t] += 1
    if st.indicator is not None:
        seen[st.indicator] += 1
    if st.phase == "rob" and st.rob_tile is not None and not game.over:
        seen[st.rob_tile] += 1  # the tile being added to a kong is face up
    if lower_jing(game):  # 下翻: the lower indicator and each seat's 下精, shown after the deal
        a[row("lower_indicator"), st.lower] = 1
        seen[st.lower] += 1
    for rel in range(4):
        known = expected_revealed(game)[(seat + rel) % 4]
        if known:
            a[row("revealed_self") + rel] = known
            if rel:
                seen += np.array(known)
    a[row("unseen")] = 4 - np.minimum(seen, 4)
    a[row("wall")] = st.wall.remaining
    a[row("dealer")] = (st.dealer - seat) % 4
    a[row("dealer_streak")] = st.streak
    a[row("phase")] = PHASES.index("over" if game.over else st.phase)
    a[row("discarder")] = 255 if st.discarder is None else (st.discarder - seat) % 4
    for rel in range(4):
        for t in st.flowers[(seat + rel) % 4]:
            if t < 34:
                a[row("flowers_self") + rel, t] += 1
            else:
                a[row("flower_owner"), t - 34] = rel + 1
    return a


def test_planes_match_the_state_at_every_step() -> None:
    for seed in range(6):
        bots: list[Bot] = [RandomBot(seed), EfficiencyBot(), RandomBot(seed + 9), EfficiencyBot()]
        game = Game(seed=seed, hands=2)
        while not game.over:
            for seat in range(4):
                planes = game.observation(seat).to_numpy()
                assert planes.dtype == np.uint8 and planes.shape == (len(PLANES), 34)
                assert (planes == expected_planes(game, seat)).all(), (seed, seat)
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))


def test_nothing_of_another_seats_concealed_tiles_leaks() -> None:
    game = Game(seed=5, dealer=0)
    other = copy.deepcopy(game)
    # Swap two of seat 2's concealed tiles for two of seat 3's: every other seat's view and
    # planes must stay the same.
    a, b = other.state.hands[2], other.state.hands[3]
    ka = next(k for k in range(34) if a[k] and not b[k])
    kb = next(k for k in range(34) if b[k] and not a[k])
    a[ka], a[kb], b[kb], b[ka] = a[ka] - 1, a[kb] + 1, b[kb] - 1, b[ka] + 1
    for seat in (0, 1):
        assert other.observation(seat) == game.observation(seat)
        assert (other.observation(seat).to_numpy() == game.observation(seat).to_numpy()).all()
    assert other.observation(2) != game.observation(2)


def test_stacked_batch_matches_single_encodings() -> None:
    game = Game(seed=8)
    observations = [game.observation(s) for s in range(4)]
    batch = stack_observations(observations)
    assert batch.shape == (4, len(PLANES), 34)
    for i, o in enumerate(observations):
        assert (batch[i] == o.to_numpy()).all()


def test_to_dict_uses_tile_names() -> None:
    game = Game(seed=4, dealer=1)
    data = game.observation(1).to_dict()
    assert data["drawn"] is not None and data["drawn"] in majiang.parse_tiles(data["hand"])
    assert data["ponds"] == ["", "", "", ""] and data["phase"] == "turn"
    assert game.observation(0).to_dict()["drawn"] is None


def test_efficiency_bot_holding_the_flipped_indicator_discards_by_the_capped_counts() -> None:
    # The indicator stays in the wall and may be drawn: a hand holding all four of its kind
    # sees five with it, which visible() caps. The bot first asks the core with the uncapped
    # counts (refused: more than four in all) and then with visible(); its choice must be the
    # ranking's first non-wild discard under the capped counts.
    from majiang.game.actions import DISCARDS

    obs = Game(seed=2, dealer=0).observation(0)
    k = obs.indicator_kind
    assert k is not None and k < 34
    hand = [0] * 34
    hand[k] = 4
    free = [j for j in range(34) if j not in obs.wild_kinds and j != k]
    for j in free[:10]:
        hand[j] = 1
    held = obs._replace(
        hand_counts=tuple(hand), melds=((), (), (), ()), pond_kinds=((), (), (), ())
    )
    assert held._seen()[k] == 1 and held.visible()[k] == 0
    legal = [DISCARDS[j] for j in range(34) if hand[j]]
    options = majiang.discard_options(
        hand, rules=held.rules, jing=held.wilds, melds=0, visible=held.visible()
    )
    want = next(o for o in options if o["discard"] not in held.wilds)["discard"]
    assert EfficiencyBot().act(held, legal) == DISCARDS[majiang.tile_index(want)]
