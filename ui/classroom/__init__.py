"""The Class page: a teacher starts a class, pupils join with its code and take its round,
the teacher's dashboard follows them live. See :mod:`app_pages.classroom`."""
