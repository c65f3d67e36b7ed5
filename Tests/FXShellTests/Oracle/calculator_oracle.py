#!/usr/bin/env python3
"""An exact oracle for fx's calculator, independent of fx's code.

Usage: calculator_oracle.py CASES.json ECB_HISTORY.csv ISO_LIST_ONE.xml ISO_HISTORIC.tsv

Each case is a calculator line in structured form (the tree, the target, the fee, the day)
with the result fx gave. The oracle evaluates the tree with fractions.Fraction (no rounding
anywhere), converts each currency's total once at that day's ECB rates (to_per_EUR /
from_per_EUR) and rounds once, half away from zero (decimal's ROUND_HALF_UP), to the ISO 4217
minor unit; a fee is total x p / 100 rounded once the same way, and added to (or taken off) the
rounded total (issue 24: one fee rule for the calculator and CSV). It prints one line per mismatch
and a summary, and exits 1 on any mismatch.
"""

import csv
import json
import sys
import xml.etree.ElementTree as ElementTree
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction


def rates_by_day(path):
    """{day: {code: Fraction per EUR}}, EUR itself 1; N/A cells left out."""
    with open(path, newline="") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        days = {}
        for row in rows:
            rates = {"EUR": Fraction(1)}
            for code, cell in zip(header[1:], row[1:]):
                if code and cell.strip() not in ("", "N/A"):
                    rates[code] = Fraction(cell.strip())
            days[row[0]] = rates
        return days


def minor_units(list_one, historic):
    """ISO 4217 minor units; "N.A." (funds, metals) is None."""
    units = {}
    for entry in ElementTree.parse(list_one).getroot().iter("CcyNtry"):
        code = (entry.findtext("Ccy") or "").strip()
        minor = (entry.findtext("CcyMnrUnts") or "").strip()
        if code:
            units[code] = int(minor) if minor.isdigit() else None
    with open(historic) as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            code, minor = line.split("\t")[:2]
            units.setdefault(code, int(minor))
    return units


def evaluate(node):
    """("number", Fraction) or ("money", {code: Fraction}, in the order first written)."""
    kind = node[0]
    if kind == "number":
        return ("number", Fraction(node[1]))
    if kind == "money":
        return ("money", {node[2]: Fraction(node[1])})
    if kind == "neg":
        return scale(evaluate(node[1]), Fraction(-1))
    if kind == "of":  # `15% of x`
        return scale(evaluate(node[2]), Fraction(node[1]) / 100)
    if kind == "share":  # `x + 15%`, `x - 2.5%`
        sign = 1 if node[2] == "+" else -1
        return scale(evaluate(node[1]), 1 + sign * Fraction(node[3]) / 100)
    left, right = evaluate(node[1]), evaluate(node[2])
    if kind in ("add", "sub"):
        sign = 1 if kind == "add" else -1
        if left[0] == "number" and right[0] == "number":
            return ("number", left[1] + sign * right[1])
        assert left[0] == right[0] == "money", node
        parts = dict(left[1])
        for code, amount in right[1].items():
            parts[code] = parts.get(code, Fraction(0)) + sign * amount
        return ("money", parts)
    if kind == "mul":
        if left[0] == "number":
            return scale(right, left[1])
        assert right[0] == "number", node
        return scale(left, right[1])
    if kind == "div":
        assert right[0] == "number", node
        return scale(left, 1 / right[1])
    raise ValueError(f"unknown node {kind}")


def scale(value, factor):
    if value[0] == "number":
        return ("number", value[1] * factor)
    return ("money", {code: amount * factor for code, amount in value[1].items()})


def expected(case, days, latest, units):
    value = evaluate(case["expression"])
    assert value[0] == "money", case["line"]
    parts = value[1]
    target = case.get("target") or next(iter(parts))
    rates = days[case["date"] or latest]
    total = sum((amount * rates[target] / rates[code] for code, amount in parts.items()), Fraction(0))
    digits = units.get(target, 2)
    digits = 4 if digits is None else digits
    fee = case.get("fee")
    if fee:
        sign = -1 if fee["deducted"] else 1
        charge = total * Fraction(fee["percent"]) / 100
        tie = (total * 10**digits).denominator == 2 or (charge * 10**digits).denominator == 2
        return target, round_half_away(total, digits) + sign * round_half_away(charge, digits), tie
    return target, round_half_away(total, digits), (total * 10**digits).denominator == 2


def round_half_away(value, digits):
    """The exact fraction rounded once at `digits` decimals with decimal's ROUND_HALF_UP
    (half away from zero). The quotient is taken to 400 digits: a tie is a finite decimal and
    comes out exact; anything else has a denominator far below 10^300, so it lies further from
    a tie than the 400th digit can move it."""
    with localcontext() as context:
        context.prec = 400
        quotient = Decimal(value.numerator) / Decimal(value.denominator)
        return quotient.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def main():
    cases_path, history, list_one, historic = sys.argv[1:5]
    days = rates_by_day(history)
    latest = max(days)
    units = minor_units(list_one, historic)
    with open(cases_path) as handle:
        cases = json.load(handle)
    mismatches = 0
    ties = 0
    for case in cases:
        target, want, tie = expected(case, days, latest, units)
        got = Decimal(case["result"].replace(",", ""))
        ties += tie
        if got != want or target != case["currency"]:
            mismatches += 1
            print(f"MISMATCH {case['line']!r}: fx {case['result']} {case['currency']}, exact {want} {target}")
    print(f"checked {len(cases)} cases, {ties} of them exactly half a minor unit, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
