"""pytest plugin of a2a-gen's test suite (not the TCK's): one JSON record per TCK v1.0 test.

test/tck/tck-v1.ts loads it with ``-p tck_records`` (this folder on PYTHONPATH) and reads
$TCK_RECORDS_JSON: nodeid, transport (the ``transport`` parameter or marker, else "any"),
requirement (the ``requirement`` parameter's id, else the first id in the test's docstring),
level (must/should/may marker), outcome (passed, failed, error, skipped, xfailed, xpassed: the
TCK reports an unmet SHOULD/MAY requirement as xfail) and the reason's first lines.
"""

from __future__ import annotations

import json
import os
import re

_REQUIREMENT = re.compile(r"([A-Z][A-Z0-9_]+-[A-Z]+-\d+)")
_records: dict[str, dict] = {}


def _describe(item) -> dict:
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec else {}
    transport = params.get("transport") or next(
        (m for m in ("grpc", "jsonrpc", "http_json") if item.get_closest_marker(m)), "any"
    )
    requirement = getattr(params.get("requirement"), "id", None)
    for holder in (getattr(item, "function", None), getattr(item, "cls", None)):
        if requirement is None:
            found = _REQUIREMENT.search(getattr(holder, "__doc__", None) or "")
            requirement = found.group(1) if found else None
    level = next((m for m in ("must", "should", "may") if item.get_closest_marker(m)), None)
    return {"nodeid": item.nodeid, "transport": transport, "requirement": requirement, "level": level}


def pytest_collection_modifyitems(session, config, items):
    for item in items:
        _records[item.nodeid] = {**_describe(item), "outcome": "notrun", "reason": ""}


def _reason(report) -> str:
    if isinstance(report.longrepr, tuple):  # a skip: (file, line, reason)
        return str(report.longrepr[2])
    text = getattr(report, "longreprtext", "") or str(report.longrepr or "")
    lines = [line for line in text.splitlines() if line.startswith("E ")] or text.splitlines()[-3:]
    return "\n".join(lines)


def pytest_runtest_logreport(report):
    record = _records.get(report.nodeid)
    if record is None:
        return
    xfail = hasattr(report, "wasxfail")
    reason = lambda: (str(report.wasxfail) if xfail else _reason(report))[:4000]
    if report.when == "setup" and report.failed:
        record.update(outcome="error", reason=reason())
    elif report.when == "setup" and report.skipped:
        record.update(outcome="xfailed" if xfail else "skipped", reason=reason())
    elif report.when == "call":
        if report.passed:
            record.update(outcome="xpassed" if xfail else "passed")
        elif report.failed:
            record.update(outcome="failed", reason=reason())
        else:
            record.update(outcome="xfailed" if xfail else "skipped", reason=reason())
    elif report.when == "teardown" and report.failed and record["outcome"] == "passed":
        record.update(outcome="error", reason=reason())


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("TCK_RECORDS_JSON")
    if path:
        with open(path, "w") as f:
            json.dump(list(_records.values()), f, indent=1)
