"""The decision-quality bench's report as text (`solver.decision_bench.report`
gives it as data; `tricksolver bench --decisions` and
`benches/bench_decisions.py` print it)."""

from __future__ import annotations

from typing import Any

NOTE = (
    "(judged: points counted of the set, the rest judged on fewer worlds; capped: of those,"
    " points some of whose worlds passed the judge's cap and are left out: the long ones,"
    " so their means may be biased)"
)


def _fmt_loss(r: dict[str, Any]) -> str:
    if r["mean_loss"] is None:
        return f"{'-':>24}"
    ci = r["ci95"]
    interval = "" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"
    return f"{r['mean_loss']:7.3f} {interval:>16}"


def decisions_text(data: dict[str, Any]) -> str:
    """The report (`report`'s data with its `seed` and `min_worlds`) as lines."""
    names = data["settings"]
    lines = [
        f"decision-quality bench, seed {data['seed']},"
        f" points judged on {data['min_worlds']}+ worlds",
        NOTE,
    ]
    head = f"{'variant':16} {'phase':10} {'judged':>9} {'capped':>6} {'worlds':>6}"
    for name in names:
        lines.append(f"{name}:")
        lines.append(f"  {head} {'mean loss':>7} {'95% interval':>16} {'within':>7} {'judge se':>8}"
                     " s/decision")  # fmt: skip
        for row in data["rows"]:
            r = row[name]
            judged = f"{r['judged']}/{r['points']}"
            share = "-" if r["within_share"] is None else f"{100 * r['within_share']:.0f}%"
            se = "-" if r["judge_stderr"] is None else f"{r['judge_stderr']:.3f}"
            t = "-" if r["seconds_per_decision"] is None else f"{r['seconds_per_decision']:.3f}"
            cells = (
                f"{row['variant']:16} {row['phase']:10} {judged:>9} {r['capped']:>6}"
                f" {r['worlds_mean']:>6}"
            )
            lines.append(f"  {cells} {_fmt_loss(r)} {share:>7} {se:>8} {t}")
        unvalued = sum(
            row[name]["unvalued_choices"] for row in data["rows"] if row["phase"] == "all"
        )
        if unvalued:
            lines.append(f"  {unvalued} choices of moves the judge did not value (left out)")
        failed = sum(row[name]["no_answer"] for row in data["rows"] if row["phase"] == "all")
        if failed:
            lines.append(f"  {failed} decisions without an answer (the setting failed; left out)")
    if len(names) == 2:
        lines.append(
            f"paired: loss of {names[0]} - loss of {names[1]} (negative: the first is better)"
        )
        for row in data["rows"]:
            p = row["paired"]
            if p["mean_difference"] is None:
                continue
            ci = "-" if p["ci95"] is None else f"[{p['ci95'][0]:+.3f}, {p['ci95'][1]:+.3f}]"
            lines.append(f"  {row['variant']:16} {row['phase']:10} {p['pairs']:>5} pairs"
                         f" {p['mean_difference']:+.3f} {ci:>18}")  # fmt: skip
    capped = data.get("capped_points") or []
    if capped:
        lines.append("points resting on capped worlds (worlds judged/capped, the judge's largest"
                     " standard error of a move's difference from the best):")  # fmt: skip
        lines += [f"  {c['point']} {c['worlds']}/{c['capped']} se {c['judge_stderr']:.3f}"
                  for c in capped]  # fmt: skip
    if data.get("stopped"):
        why = "Ctrl-C" if data["stopped"] == "interrupted" else "the time limit"
        lines.append(f"stopped by {why}: the points done above")
    return "\n".join(lines)
