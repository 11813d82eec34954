"""The spec a command works on: SPEC or the article's example, with --digits and --lang applied."""

from __future__ import annotations


def spec_from_args(args):
    from ..examples import article_spec
    from ..spec import load_spec

    return with_options(load_spec(args.spec) if args.spec else article_spec(), args)


def with_options(spec, args):
    """The spec with ``--digits`` and ``--lang`` applied, when they are given."""
    from ..api import with_options as apply
    return apply(spec, lang=args.lang or None, digits=args.digits)
