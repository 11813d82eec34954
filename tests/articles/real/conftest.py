# The per-article oracle scripts (NAME.expect.py) are run by tests/test_real_articles.py, not collected.
collect_ignore_glob = ["*.expect.py"]
