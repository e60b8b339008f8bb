"""The JSON Schema draft every data file and save is checked against, with integers that are
integers: the draft's own `integer` takes `3.0`, which a YAML file or a hand-edited save may hold
and which then breaks the engine's arithmetic and formatting ("3.0 M€", a format code 'd' on a
float). One class, read by every schema check of the project."""

from __future__ import annotations

from typing import Any

import jsonschema


def _whole_number(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


#: Draft 2020-12 with `integer` meaning a Python int (not a float, not a bool)
Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number))
