from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.availability import Availability
from ...models.inbound_error_body import InboundErrorBody
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    platform: str,
    shop_id: int,
    *,
    request_date: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_request_date = request_date.isoformat()
    params["requestDate"] = json_request_date

    params["pax"] = pax

    params["courseId"] = course_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}/availability".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Availability | InboundErrorBody:
    if response.status_code == 200:
        response_200 = Availability.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = InboundErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = InboundErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = InboundErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = InboundErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Availability | InboundErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    request_date: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Response[Availability | InboundErrorBody]:
    """ Check availability

     The JST start times a party of `pax` can book on `requestDate`, optionally for one course. A slot is
    offered when it is on the shop's slot grid (every `slotMinutes`, usually 30, from opening to the
    last order time), at least `cutoffHours` ahead, the party fits the shop's `minGuests..maxGuests`
    (and the course's `orderMin..orderMax`), the course is valid then and orderable at that time
    (`orderAvailableTimeRanges`) and not sold out (`quantityLimit`), and the seats left for the stay
    (reservations hold their seats for the shop's stay, 2 hours by default) take the party. A day
    without business hours or in the past answers an empty list. Each slot is listed under the JST day
    it starts on (a late slot of a night opening, 00:30 after a 17:00–02:00 evening, is listed under the
    next day), so `requestDate` plus a listed time is the exact start to book; `availableStartTimes`
    gives the same slots as full start times. The answer is advice, not a hold, and may be up to one
    second old (a booking made through another server a moment ago can still show as free): create
    judges the time again and answers 409 `slot_unavailable` when it is taken.

    Args:
        platform (str):
        shop_id (int):
        request_date (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Availability | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
request_date=request_date,
pax=pax,
course_id=course_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    request_date: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Availability | InboundErrorBody | None:
    """ Check availability

     The JST start times a party of `pax` can book on `requestDate`, optionally for one course. A slot is
    offered when it is on the shop's slot grid (every `slotMinutes`, usually 30, from opening to the
    last order time), at least `cutoffHours` ahead, the party fits the shop's `minGuests..maxGuests`
    (and the course's `orderMin..orderMax`), the course is valid then and orderable at that time
    (`orderAvailableTimeRanges`) and not sold out (`quantityLimit`), and the seats left for the stay
    (reservations hold their seats for the shop's stay, 2 hours by default) take the party. A day
    without business hours or in the past answers an empty list. Each slot is listed under the JST day
    it starts on (a late slot of a night opening, 00:30 after a 17:00–02:00 evening, is listed under the
    next day), so `requestDate` plus a listed time is the exact start to book; `availableStartTimes`
    gives the same slots as full start times. The answer is advice, not a hold, and may be up to one
    second old (a booking made through another server a moment ago can still show as free): create
    judges the time again and answers 409 `slot_unavailable` when it is taken.

    Args:
        platform (str):
        shop_id (int):
        request_date (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Availability | InboundErrorBody
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
request_date=request_date,
pax=pax,
course_id=course_id,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    request_date: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Response[Availability | InboundErrorBody]:
    """ Check availability

     The JST start times a party of `pax` can book on `requestDate`, optionally for one course. A slot is
    offered when it is on the shop's slot grid (every `slotMinutes`, usually 30, from opening to the
    last order time), at least `cutoffHours` ahead, the party fits the shop's `minGuests..maxGuests`
    (and the course's `orderMin..orderMax`), the course is valid then and orderable at that time
    (`orderAvailableTimeRanges`) and not sold out (`quantityLimit`), and the seats left for the stay
    (reservations hold their seats for the shop's stay, 2 hours by default) take the party. A day
    without business hours or in the past answers an empty list. Each slot is listed under the JST day
    it starts on (a late slot of a night opening, 00:30 after a 17:00–02:00 evening, is listed under the
    next day), so `requestDate` plus a listed time is the exact start to book; `availableStartTimes`
    gives the same slots as full start times. The answer is advice, not a hold, and may be up to one
    second old (a booking made through another server a moment ago can still show as free): create
    judges the time again and answers 409 `slot_unavailable` when it is taken.

    Args:
        platform (str):
        shop_id (int):
        request_date (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Availability | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
request_date=request_date,
pax=pax,
course_id=course_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    request_date: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Availability | InboundErrorBody | None:
    """ Check availability

     The JST start times a party of `pax` can book on `requestDate`, optionally for one course. A slot is
    offered when it is on the shop's slot grid (every `slotMinutes`, usually 30, from opening to the
    last order time), at least `cutoffHours` ahead, the party fits the shop's `minGuests..maxGuests`
    (and the course's `orderMin..orderMax`), the course is valid then and orderable at that time
    (`orderAvailableTimeRanges`) and not sold out (`quantityLimit`), and the seats left for the stay
    (reservations hold their seats for the shop's stay, 2 hours by default) take the party. A day
    without business hours or in the past answers an empty list. Each slot is listed under the JST day
    it starts on (a late slot of a night opening, 00:30 after a 17:00–02:00 evening, is listed under the
    next day), so `requestDate` plus a listed time is the exact start to book; `availableStartTimes`
    gives the same slots as full start times. The answer is advice, not a hold, and may be up to one
    second old (a booking made through another server a moment ago can still show as free): create
    judges the time again and answers 409 `slot_unavailable` when it is taken.

    Args:
        platform (str):
        shop_id (int):
        request_date (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Availability | InboundErrorBody
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
request_date=request_date,
pax=pax,
course_id=course_id,

    )).parsed
