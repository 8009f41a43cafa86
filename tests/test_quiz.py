"""The quiz generator (academy/quiz/): thousands of generated questions checked against
the engine AND against a deliberately naive scorer written here from RULES.md, which shares
no code with the engine (it works on the cards' text, by brute force)."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable

import pytest

from academy.quiz import (
    KINDS,
    LEVEL_KINDS,
    LEVELS,
    RECKONING_KINDS,
    Question,
    check_answer,
    generate_question,
    parse_level,
    parse_seed,
    pick_kind,
    wrong_answer,
)
from piquet import (
    Card,
    analyse,
    reckon,
    score_declarations,
    settle_partie,
)
from piquet.declare import Answer
from piquet.play import legal_cards, trick_winner
from words import PSEUDO, use_language

PRESETS = ("britannica", "cavendish")

# --------------------------------------------------------------------------- naive scorer
# Written from RULES.md sections 5-8 only. Cards are handled as text ("10S", "QH").

RANK_ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}
SEQ_SCORE = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SEQ_NAME = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
RANK_NOUN = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
             "8": "eight", "7": "seven"}
SET_RANKS_TEXT = ["10", "J", "Q", "K", "A"]


def split(card: Card | str) -> tuple[str, str]:
    text = str(card)
    return text[:-1], text[-1]


def naive_point(hand: Iterable[Card]) -> tuple[int, int]:
    """(length, pips) of the best suit: longest, then most pips."""
    best = (0, 0)
    for suit in "SHDC":
        ranks = [r for r, s in map(split, hand) if s == suit]
        cand = (len(ranks), sum(PIPS[r] for r in ranks))
        if cand > best:
            best = cand
    return best


def naive_runs(hand: Iterable[Card]) -> list[tuple[int, int, str]]:
    """Every maximal run of 3+ as (length, top rank index, suit), found by trying every
    start and end in every suit."""
    held = {split(c) for c in hand}
    out = []
    for suit in "SHDC":
        for lo in range(8):
            for hi in range(lo + 2, 8):
                if not all((RANK_ORDER[i], suit) in held for i in range(lo, hi + 1)):
                    continue
                if lo > 0 and (RANK_ORDER[lo - 1], suit) in held:
                    continue  # not maximal
                if hi < 7 and (RANK_ORDER[hi + 1], suit) in held:
                    continue
                out.append((hi - lo + 1, hi, suit))
    return out


def naive_seq_score(hand: Iterable[Card]) -> int:
    return sum(SEQ_SCORE[n] for n, _, _ in naive_runs(hand))


def naive_best_run(hand: Iterable[Card]) -> tuple[int, int]:
    runs = naive_runs(hand)
    return max(((n, top) for n, top, _ in runs), default=(0, 0))


def naive_run_name(length: int, top: int) -> str:
    if top == 7:
        qual = "major"
    elif top - length + 1 == 0:
        qual = "minor"
    else:
        qual = "to the " + RANK_NOUN[RANK_ORDER[top]]
    return f"{SEQ_NAME[length]} {qual}".capitalize()


def naive_sets(hand: Iterable[Card]) -> list[tuple[int, int]]:
    """(count, rank index) of every trio/quatorze, tens and higher."""
    ranks = Counter(split(c)[0] for c in hand)
    return [(n, RANK_ORDER.index(r)) for r, n in ranks.items()
            if n >= 3 and r in SET_RANKS_TEXT]


def naive_sets_score(hand: Iterable[Card]) -> int:
    return sum(14 if n == 4 else 3 for n, _ in naive_sets(hand))


def naive_blanche(hand: Iterable[Card]) -> bool:
    return not any(split(c)[0] in ("K", "Q", "J") for c in hand)


def naive_compare(elder: tuple[Card, ...], younger: tuple[Card, ...]) -> dict[str, tuple[str, int]]:
    """Per category: (winner "Elder"/"Younger"/"Nobody", points)."""
    out = {}
    ep, yp = naive_point(elder), naive_point(younger)
    out["point"] = (("Elder", ep[0]) if ep > yp else ("Younger", yp[0]) if yp > ep
                    else ("Nobody", 0))
    es, ys = naive_best_run(elder), naive_best_run(younger)
    if es > ys:
        out["sequences"] = ("Elder", naive_seq_score(elder))
    elif ys > es:
        out["sequences"] = ("Younger", naive_seq_score(younger))
    else:
        out["sequences"] = ("Nobody", 0)
    et = max(naive_sets(elder), default=(0, 0))
    yt = max(naive_sets(younger), default=(0, 0))
    if et > yt:
        out["sets"] = ("Elder", naive_sets_score(elder))
    elif yt > et:
        out["sets"] = ("Younger", naive_sets_score(younger))
    else:
        out["sets"] = ("Nobody", 0)
    return out


def naive_answer(elder: tuple[Card, ...], younger: tuple[Card, ...], category: str) -> str:
    keys = {
        "point": (naive_point(elder), naive_point(younger)),
        "sequences": (naive_best_run(elder), naive_best_run(younger)),
        "sets": (max(naive_sets(elder), default=(0, 0)),
                 max(naive_sets(younger), default=(0, 0))),
    }
    e, y = keys[category]
    return "good" if e > y else "not_good" if y > e else "equal"


def naive_bonus(elder: tuple[Card, ...], younger: tuple[Card, ...], lead: bool
                ) -> tuple[str | None, str | None, int, int]:
    """(repique winner, pique winner, Elder's and Younger's declaration totals)."""
    cmp = naive_compare(elder, younger)
    tally = {"Elder": 0, "Younger": 0}
    repique = None
    for cat in ("point", "sequences", "sets"):  # the order of reckoning
        who, pts = cmp[cat]
        if who == "Nobody":
            continue
        tally[who] += pts
        other = "Younger" if who == "Elder" else "Elder"
        if repique is None and tally[who] >= 30 and tally[other] == 0:
            repique = who
    e, y = tally["Elder"], tally["Younger"]
    pique = None
    if lead and repique is None and y == 0 and e + 1 >= 30:
        pique = "Elder"
    return repique, pique, e, y


def naive_settle(a: int, b: int) -> tuple[str, int]:
    if a == b:
        return "Nobody", 0
    w, lo = max(a, b), min(a, b)
    who = "A" if a > b else "B"
    return who, (100 + w + lo if lo < 100 else 100 + w - lo)


# The quiz's answer ids (academy.quiz.labels), spelt here again: the naive scorer says who
# wins in words, the quiz answers with ids.
ID = {"Elder": "elder", "Younger": "younger", "Nobody": "nobody"}


def naive_expected(q: Question) -> dict[str, object]:
    """What the naive scorer says every field of a question should be."""
    hand = q.elder or q.younger
    if q.kind == "point":
        n, pips = naive_point(hand)
        return {"cards": n, "pips": pips}
    if q.kind == "best_sequence":
        best = naive_best_run(hand)
        return {"name": f"{best[0]}-{RANK_ORDER[best[1]]}" if best[0] else "none"}
    if q.kind == "sequence_score":
        return {"points": naive_seq_score(hand)}
    if q.kind == "sets":
        return {"sets": frozenset(f"{n}x{RANK_ORDER[r]}" for n, r in naive_sets(hand))}
    if q.kind == "blanche":
        return {"blanche": "yes" if naive_blanche(hand) else "no"}
    if q.kind == "answer":
        return {"answer": naive_answer(q.elder, q.younger, q.category)}
    if q.kind == "category":
        who, pts = naive_compare(q.elder, q.younger)[q.category]
        return {"who": ID[who], "points": pts}
    if q.kind == "comparison":
        cmp = naive_compare(q.elder, q.younger)
        rep, _, e, y = naive_bonus(q.elder, q.younger, lead=False)
        return {"point": ID[cmp["point"][0]], "sequences": ID[cmp["sequences"][0]],
                "sets": ID[cmp["sets"][0]],
                "elder_total": e + (60 if rep == "Elder" else 0),
                "younger_total": y + (60 if rep == "Younger" else 0)}
    if q.kind == "repique":
        rep, _, _, _ = naive_bonus(q.elder, q.younger, lead=False)
        return {"bonus": ID[rep] if rep else "no"}
    if q.kind == "pique":
        rep, pique, _, _ = naive_bonus(q.elder, q.younger, lead=True)
        if pique:
            return {"bonus": "pique_elder"}
        return {"bonus": f"repique_{ID[rep]}" if rep else "neither"}
    if q.kind == "legal_play":
        assert q.lead is not None
        _, led_suit = split(q.lead)
        same = {str(c) for c in q.younger if split(c)[1] == led_suit}
        return {"cards": frozenset(same or {str(c) for c in q.younger})}
    if q.kind == "trick":
        assert q.lead is not None and q.reply is not None and q.leader is not None
        (lr, ls), (rr, rs) = split(q.lead), split(q.reply)
        captured = rs == ls and RANK_ORDER.index(rr) > RANK_ORDER.index(lr)
        leader = q.leader.capitalize()
        other = "Younger" if leader == "Elder" else "Elder"
        winner = other if captured else leader
        pts = {leader: 1, other: 1 if captured else 0}
        if q.trick == 12 and q.rules == "cavendish":
            pts[winner] += 1
        return {"winner": ID[winner], "elder": pts["Elder"], "younger": pts["Younger"]}
    if q.kind == "settlement":
        assert q.totals is not None
        who, pts = naive_settle(*q.totals)
        return {"winner": ID.get(who, who), "points": pts}
    if q.kind == "muggins":
        return {"point": naive_point(hand)[0], "sequences": naive_seq_score(hand),
                "sets": naive_sets_score(hand)}
    raise AssertionError(q.kind)


def test_naive_scorer_on_rules_examples() -> None:
    """The naive scorer itself reproduces RULES.md's worked example 5 and the settlements."""
    from piquet import parse_cards

    elder = parse_cards("AS JS 9S 8S AH KH QH JH 8H JC 9C KD")
    younger = parse_cards("10S QS 10H KC QC 10C AC AD QD JD 10D 7D")
    cmp = naive_compare(elder, younger)
    assert cmp["point"] == ("Elder", 5)
    assert cmp["sequences"] == ("Elder", 4)
    assert cmp["sets"] == ("Younger", 17)
    for (a, b), pts in {(131, 113): 118, (125, 81): 306, (120, 100): 120, (120, 99): 319,
                        (51, 49): 200}.items():
        assert naive_settle(a, b)[1] == pts
    assert naive_runs(parse_cards("AS KS QS JS")) == [(4, 7, "S")]  # one quart, not tierces


# --------------------------------------------------------------------------- the engine


def engine_expected(q: Question) -> dict[str, object]:
    """The same fields straight from the engine's public API."""
    hand = q.elder or q.younger
    names = {"elder": "elder", "younger": "younger", None: "nobody"}
    if q.kind in ("point", "best_sequence", "sequence_score", "muggins"):
        c = analyse(hand)
        assert c.point is not None
        if q.kind == "point":
            return {"cards": c.point.length, "pips": c.point.pips}
        if q.kind == "best_sequence":
            best = c.sequences[0] if c.sequences else None
            return {"name": f"{best.length}-{best.top.symbol}" if best else "none"}
        seq = sum(s.score for s in c.sequences)
        if q.kind == "sequence_score":
            return {"points": seq}
        return {"point": c.point.length, "sequences": seq, "sets": sum(s.score for s in c.sets)}
    if q.kind == "sets":
        return {"sets": frozenset(f"{s.count}x{s.rank.symbol}" for s in analyse(hand).sets)}
    if q.kind == "blanche":
        return {"blanche": "yes" if analyse(hand).carte_blanche else "no"}
    if q.kind in ("answer", "category", "comparison", "repique", "pique"):
        s = score_declarations(q.elder, q.younger)
        d = s.as_dict()
        v = {x.category: x for x in s.verdicts}
        if q.kind == "answer":
            reply = v[q.category].reply
            assert reply is not None
            return {"answer": reply.value}
        if q.kind == "category":
            return {"who": names[v[q.category].winner], "points": v[q.category].points}
        if q.kind == "comparison":
            return {"point": names[v["point"].winner], "sequences": names[v["sequences"].winner],
                    "sets": names[v["sets"].winner], "elder_total": d["elder"]["total"],
                    "younger_total": d["younger"]["total"]}
        if q.kind == "repique":
            return {"bonus": s.repique or "no"}
        r = reckon(point=(d["elder"]["point"], d["younger"]["point"]),
                   sequences=(d["elder"]["sequences"], d["younger"]["sequences"]),
                   sets=(d["elder"]["sets"], d["younger"]["sets"]), play=["elder"])
        if r.pique:
            return {"bonus": "pique_elder"}
        return {"bonus": f"repique_{r.repique}" if r.repique else "neither"}
    if q.kind == "legal_play":
        assert q.lead is not None
        return {"cards": frozenset(str(c) for c in legal_cards(q.younger, q.lead))}
    if q.kind == "trick":
        assert q.lead is not None and q.reply is not None and q.leader is not None
        leader_wins = trick_winner(q.lead, q.reply) == 0
        other = "younger" if q.leader == "elder" else "elder"
        winner = q.leader if leader_wins else other
        pts = {q.leader: 1, other: 0 if leader_wins else 1}
        if q.trick == 12 and q.rules == "cavendish":
            pts[winner] += 1
        return {"winner": names[winner], "elder": pts["elder"], "younger": pts["younger"]}
    if q.kind == "settlement":
        assert q.totals is not None
        st = settle_partie(*q.totals)
        return {"winner": st.winner or "nobody", "points": st.points}
    raise AssertionError(q.kind)


def _questions(count: int, seed: str = "t") -> list[Question]:
    out = []
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        level = LEVELS[i % len(LEVELS)]
        out.append(generate_question(f"{seed}{i // 97}", i, level, PRESETS[i % 2], kind=kind))
    return out


@pytest.fixture(scope="module")
def many() -> list[Question]:
    return _questions(3000)


def test_thousands_agree_with_the_engine(many: list[Question]) -> None:
    for q in many:
        assert q.correct == engine_expected(q), (q.kind, q.prompt, q.elder, q.younger)


def test_thousands_agree_with_the_naive_scorer(many: list[Question]) -> None:
    for q in many:
        assert q.correct == naive_expected(q), (q.kind, q.prompt, q.elder, q.younger)


def test_seeded_level_questions_agree_too() -> None:
    """Kinds drawn by the seed (not forced), for every level and preset."""
    for level in LEVELS:
        for rules in PRESETS:
            for n in range(60):
                q = generate_question("class-3B", n, level, rules)
                assert q.kind in LEVEL_KINDS[level]
                assert q.correct == naive_expected(q) == engine_expected(q)


def test_hands_are_real(many: list[Question]) -> None:
    """Twelve distinct cards a hand, no card in both hands; options hold the answer."""
    for q in many:
        for hand in (q.elder, q.younger):
            assert len(set(hand)) == len(hand)
        if q.elder and q.younger:
            assert len(q.elder) == len(q.younger) == 12
            assert not set(q.elder) & set(q.younger)
        for f in q.fields:
            if f.widget == "choice":
                assert f.correct in f.options
            elif f.widget in ("multi", "cards"):
                assert isinstance(f.correct, frozenset) and f.correct <= set(f.options)
        for row in q.rows:
            assert row.highlight <= set(row.cards)
        assert q.explanation and q.answer


def test_every_kind_is_generated_quickly() -> None:
    times = []
    for i in range(280):
        t = time.perf_counter()
        generate_question("speed", i, "mix", PRESETS[i % 2], kind=KINDS[i % len(KINDS)])
        times.append(time.perf_counter() - t)
    times.sort()
    assert times[int(len(times) * 0.95)] < 0.05, times[-5:]


# --------------------------------------------------------------------------- reckoning


def test_reckoning_questions_answer_yes_at_least_40_percent() -> None:
    yes = 0
    scenarios: Counter[str] = Counter()
    total = 500
    for i in range(total):
        kind = RECKONING_KINDS[i % 2]
        q = generate_question("reck", i, "expert", PRESETS[i % 2], kind=kind)
        assert q.yes is not None
        assert q.yes == (q.correct["bonus"] not in ("no", "neither"))
        naive = naive_bonus(q.elder, q.younger, lead=kind == "pique")
        assert q.yes == (naive[0] is not None or naive[1] is not None)
        yes += q.yes
        scenarios[f"{kind}:{q.scenario}"] += 1
    assert yes / total >= 0.40, (yes, scenarios)


def test_reckoning_traps_of_section_11_come_up() -> None:
    """Repique before the opponent's sets; Younger's repique after Elder's lead; Elder's
    30th point from the lead (pique); an Equal point; and near misses."""
    seen: Counter[str] = Counter()
    for i in range(400):
        kind = RECKONING_KINDS[i % 2]
        q = generate_question("traps", i, "expert", "britannica", kind=kind)
        rep, pique, e, y = naive_bonus(q.elder, q.younger, lead=kind == "pique")
        cmp = naive_compare(q.elder, q.younger)
        if rep == "Elder" and cmp["sets"][0] == "Younger":
            seen["repique before the opponent's sets"] += 1
        if kind == "pique" and rep == "Younger":
            seen["Younger's repique after Elder's lead"] += 1
        if pique:
            assert e == 29 and y == 0
            seen["Elder's 30th point from a lead"] += 1
        if cmp["point"][0] == "Nobody" and (rep or pique):
            seen["equal point"] += 1
        if not rep and not pique and max(e, y) >= 30:
            seen["30 without a bonus"] += 1
    for trap in ("repique before the opponent's sets", "Younger's repique after Elder's lead",
                 "Elder's 30th point from a lead", "equal point", "30 without a bonus"):
        assert seen[trap] >= 5, seen


# --------------------------------------------------------------------------- reproducible


def test_same_seed_same_questions() -> None:
    a = [generate_question("42", n, "mix", "britannica") for n in range(20)]
    b = [generate_question("42", n, "mix", "britannica") for n in reversed(range(20))]
    assert a == list(reversed(b))


def test_question_n_does_not_depend_on_the_others() -> None:
    q5 = generate_question(7, 5, "expert", "cavendish")
    for n in range(5):
        generate_question(7, n, "expert", "cavendish")
    assert generate_question(7, 5, "expert", "cavendish") == q5


def test_different_seeds_levels_presets_differ() -> None:
    def prompts(seed: object, level: str, rules: str) -> list[tuple[str, tuple[Card, ...]]]:
        return [(q.prompt, q.rows[0].cards if q.rows else ())
                for q in (generate_question(seed, n, level, rules) for n in range(10))]

    base = prompts("42", "mix", "britannica")
    assert prompts("43", "mix", "britannica") != base
    assert prompts("42", "expert", "britannica") != base
    assert prompts("42", "mix", "cavendish") != base


def test_seeded_kind_ignores_the_learner() -> None:
    """With a seed the kind comes from the seed only; forcing a kind is the adaptive path."""
    q = generate_question("s", 3, "beginner", "britannica")
    assert generate_question("s", 3, "beginner", "britannica", kind=q.kind) == q


def test_adaptive_pick_favours_missed_kinds() -> None:
    rng = random.Random(1)
    stats = {k: (10, 0) for k in LEVEL_KINDS["beginner"]}
    stats["sets"] = (10, 9)
    picks = Counter(pick_kind(rng, "beginner", stats) for _ in range(3000))
    others = [picks[k] for k in LEVEL_KINDS["beginner"] if k != "sets"]
    assert picks["sets"] > 2.5 * max(others)
    uniform = Counter(pick_kind(rng, "beginner") for _ in range(3000))
    assert set(uniform) == set(LEVEL_KINDS["beginner"])


def test_parse_seed_and_level() -> None:
    assert parse_seed("42") == "42"
    assert parse_seed("x" * 41) is None
    assert parse_seed("a b") is None
    assert parse_seed(None) is None
    assert parse_level("MIX") == "mix"
    assert parse_level("hard") is None
    with pytest.raises(ValueError):
        generate_question("1", 0, "hard", "britannica")


# --------------------------------------------------------------------------- checking


def test_right_and_wrong_answers_get_full_feedback(many: list[Question]) -> None:
    for q in many[:300]:
        fb = check_answer(q, q.correct)
        assert fb.correct and fb.answered and fb.headline.startswith("Right")
        wrong = wrong_answer(q)
        fb = check_answer(q, wrong)
        assert not fb.correct
        assert q.answer in fb.headline          # never a bare "wrong"
        assert fb.explanation == q.explanation and fb.explanation
        assert all(not r.ok for r in fb.results)
        assert all(r.expected_text for r in fb.results)


def test_answers_are_normalised() -> None:
    q = next(q for q in _questions(200) if q.kind == "legal_play")
    cards = [Card.of(c) for c in q.correct["cards"]]  # type: ignore[union-attr]
    assert check_answer(q, {"cards": cards}).correct
    q = next(q for q in _questions(200) if q.kind == "point")
    assert check_answer(q, {"cards": str(q.correct["cards"]),
                            "pips": float(q.correct["pips"])}).correct  # type: ignore[arg-type]
    fb = check_answer(q, {})
    assert not fb.correct and not fb.answered and q.answer in fb.headline


def test_muggins_shows_what_was_missed() -> None:
    q = next(q for q in _questions(400) if q.kind == "muggins" and q.correct["sequences"])
    claim = dict(q.correct)
    claim["sequences"] = 0
    fb = check_answer(q, claim)
    assert not fb.correct
    assert len(fb.missed) == 1 and "you missed" in fb.missed[0]
    assert any(r.ok for r in fb.results)
    claim = dict(q.correct)
    claim["point"] = 12
    assert "only" in check_answer(q, claim).missed[0]


def test_highlights_are_the_combinations() -> None:
    for q in _questions(300):
        if q.kind == "point":
            n, pips = naive_point(q.elder or q.younger)
            hl = q.rows[0].highlight
            assert len(hl) == n and sum(PIPS[split(c)[0]] for c in hl) == pips
        if q.kind == "legal_play":
            assert {str(c) for c in q.rows[1].highlight} == q.correct["cards"]


# --------------------------------------------------------------------------- ids and words


def naive_set_name(sid: str) -> str:
    count, rank = sid.split("x")
    return f"{'Four' if count == '4' else 'Three'} {RANK_NOUN[rank]}s"


def test_answers_are_ids_and_their_english_labels_are_the_names(many: list[Question]) -> None:
    """A choice's options are ids; rendered in English, a sequence's and a set's label is the
    name the naive scorer gives it."""
    with use_language("en"):
        for q in many[:600]:
            for f in q.fields:
                if f.widget == "choice":
                    assert isinstance(f.correct, str) and f.correct in f.options
                if q.kind == "best_sequence":
                    for o in f.options:
                        want = ("No sequence" if o == "none" else
                                naive_run_name(int(o.split("-")[0]),
                                               RANK_ORDER.index(o.split("-")[1])))
                        assert f.option_text(o) == want
                if q.kind == "sets":
                    assert [f.option_text(o) for o in f.options] == \
                        [naive_set_name(o) for o in f.options]
                if q.kind == "answer":
                    assert f.options[:2] == (Answer.GOOD.value, Answer.NOT_GOOD.value)


def test_a_question_is_marked_the_same_in_every_language() -> None:
    """Generated under English, answered with ids, checked under the pseudo-locale: the same
    verdict on every part; and the question's facts do not depend on the language."""
    for i in range(len(KINDS) * 6):
        kind = KINDS[i % len(KINDS)]
        with use_language("en"):
            q = generate_question("lang", i, "mix", PRESETS[i % 2], kind=kind)
            right_en = check_answer(q, q.correct)
            wrong = {f.key: (f.correct + 1 if isinstance(f.correct, int) else
                             next(o for o in f.options if o != f.correct)
                             if f.widget == "choice" else frozenset())
                     for f in q.fields}
            wrong_en = check_answer(q, wrong)
        with use_language(PSEUDO):
            right_qps = check_answer(q, q.correct)
            wrong_qps = check_answer(q, wrong)
            q_qps = generate_question("lang", i, "mix", PRESETS[i % 2], kind=kind)
            assert check_answer(q_qps, q.correct).correct
            assert right_qps.headline.startswith("⟦")
            assert all(r.expected_text.startswith("⟦") for r in wrong_qps.results
                       if r.field.widget in ("choice", "multi") and r.field.correct)
        assert right_en.correct and right_qps.correct
        assert [r.ok for r in wrong_en.results] == [r.ok for r in wrong_qps.results]
        assert wrong_en.correct == wrong_qps.correct
        assert q_qps.correct == q.correct and q_qps.kind == q.kind
        assert [(r.cards, r.highlight, r.role) for r in q_qps.rows] == \
            [(r.cards, r.highlight, r.role) for r in q.rows]
        assert [(f.key, f.widget, f.options) for f in q_qps.fields] == \
            [(f.key, f.widget, f.options) for f in q.fields]
        assert (q_qps.elder, q_qps.younger, q_qps.dialogue) == (q.elder, q.younger, q.dialogue)
        assert q_qps.prompt != q.prompt and q_qps.prompt.startswith("⟦")
        assert all(line.startswith("⟦") for line in q_qps.explanation)
