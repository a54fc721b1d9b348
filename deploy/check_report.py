"""One list of broken rules for all of deploy/check_assertions.py's checks."""

failures = []


def fail(message):
    failures.append(message)
    print(f"BAD {message}")


def ok(message):
    print(f"ok  {message}")
