"""The stage player of the Lessons page: :mod:`ui.stages.state` (session keys ``stages_…``
and callbacks) and :mod:`ui.stages.views` (the path, the stage, the result screen)."""

from ui.stages.views import stage_player

__all__ = ["stage_player"]
