"""The spec a command works on: SPEC or the article's example, with --digits and --lang applied."""

from __future__ import annotations


def spec_from_args(args):
    from ..examples import article_spec
    from ..spec import load_spec

    return with_options(load_spec(args.spec) if args.spec else article_spec(), args)


def with_options(spec, args):
    """The spec with ``--digits`` and ``--lang`` applied, when they are given."""
    from dataclasses import replace

    from .. import limits
    from ..errors import SymattnError

    if args.digits is not None:
        if not 0 <= args.digits <= limits.MAX_DIGITS:
            raise SymattnError(f"--digits must be from 0 to {limits.MAX_DIGITS}")
        spec = replace(spec, digits=args.digits)
    if args.lang:
        spec = spec.in_language(args.lang)  # with that language's tokens, when the spec gives them
    return spec
