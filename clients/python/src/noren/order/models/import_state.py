from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.report import Report





T = TypeVar("T", bound="ImportState")



@_attrs_define
class ImportState:
    """ An import's state.

        Example:
            {'dryRun': False, 'error': None, 'finished': True, 'id': '5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b', 'objectId':
                '5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b', 'performAt': None, 'progress': 100, 'result': None, 'scheduled': False,
                'status': 'finished'}

        Attributes:
            id (str): The `objectId`.
            object_id (str):
            status (str): `created` (not started), `scheduled`, `running`, `finished`, `failed` (see `error`),
                `cancelled`, or `reverted` (finished, then undone by `import-revert`).
            scheduled (bool): Started and waiting for its time (`performAt`) or a worker.
            progress (int): Percent done.
            finished (bool): Ended: finished, failed, cancelled or reverted.
            dry_run (bool): The start call's `dryRun`.
            perform_at (int | None | Unset): When it runs, in milliseconds since the epoch.
            result (None | Report | Unset):
            error (None | str | Unset): Why it failed; while `scheduled` again after an attempt the file store or the
                database
                failed, why that attempt failed and when it runs again (`performAt`).
     """

    id: str
    object_id: str
    status: str
    scheduled: bool
    progress: int
    finished: bool
    dry_run: bool
    perform_at: int | None | Unset = UNSET
    result: None | Report | Unset = UNSET
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.report import Report # noqa: PLC0415
        id = self.id

        object_id = self.object_id

        status = self.status

        scheduled = self.scheduled

        progress = self.progress

        finished = self.finished

        dry_run = self.dry_run

        perform_at: int | None | Unset
        if isinstance(self.perform_at, Unset):
            perform_at = UNSET
        else:
            perform_at = self.perform_at

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, Report):
            result = self.result.to_dict()
        else:
            result = self.result

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "objectId": object_id,
            "status": status,
            "scheduled": scheduled,
            "progress": progress,
            "finished": finished,
            "dryRun": dry_run,
        })
        if perform_at is not UNSET:
            field_dict["performAt"] = perform_at
        if result is not UNSET:
            field_dict["result"] = result
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report import Report # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        object_id = d.pop("objectId")

        status = d.pop("status")

        scheduled = d.pop("scheduled")

        progress = d.pop("progress")

        finished = d.pop("finished")

        dry_run = d.pop("dryRun")

        def _parse_perform_at(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        perform_at = _parse_perform_at(d.pop("performAt", UNSET))


        def _parse_result(data: object) -> None | Report | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Report.from_dict(data)



                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Report | Unset, data)

        result = _parse_result(d.pop("result", UNSET))


        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        import_state = cls(
            id=id,
            object_id=object_id,
            status=status,
            scheduled=scheduled,
            progress=progress,
            finished=finished,
            dry_run=dry_run,
            perform_at=perform_at,
            result=result,
            error=error,
        )


        import_state.additional_properties = d
        return import_state

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
