"""Validates xAPI statements strictly with Ralph's pydantic model.

Usage: python validate_statements.py FILE   (a JSON array of statements)

Ralph's HTTP endpoint is lax (it takes a score of 1.5 or a duration of "135s"); its model
`BaseXapiStatement` is not. Prints one line per invalid statement (its id, then each error's
location and message) and exits 1 if any is invalid; else prints "N statements valid".
"""

import json
import sys

from pydantic import ValidationError
from ralph.models.xapi.base.statements import BaseXapiStatement


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as file:
        statements = json.load(file)
    if not isinstance(statements, list) or not statements:
        print("expected a non-empty JSON array of statements")
        return 1
    invalid = 0
    for statement in statements:
        try:
            BaseXapiStatement.model_validate(statement)
        except ValidationError as error:
            invalid += 1
            problems = "; ".join(
                f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}"
                for problem in error.errors()
            )
            print(f"invalid {statement.get('id', '?')} ({statement.get('verb', {}).get('id', '?')}): {problems}")
    if invalid:
        print(f"{invalid} of {len(statements)} statements invalid")
        return 1
    print(f"{len(statements)} statements valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
