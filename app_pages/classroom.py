"""Class: a teacher starts a class (a quiz round and/or lesson stages), pupils join with a
short code or its QR code, and the teacher's dashboard follows their answers live.

Links: ``/class?join=CODE`` (the pupils'), ``/class?teacher=KEY`` (the teacher's, shown
once; the key leaves the address bar at once)."""

from ui.classroom.page import class_page

class_page()
