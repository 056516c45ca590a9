"""The server's stores: where matches live between restarts.

``_records`` holds what every store keeps (matches, seats, chat lines) and the ``Store``
protocol; ``_sqlite`` and ``_postgres`` implement it, each importing only ``_records``;
``_open`` chooses one by the scheme of ``--db`` (a ``postgresql://`` URL, or a file's path).
Nothing here imports psycopg but ``_postgres``, which ``_open`` loads only for a URL.
"""
