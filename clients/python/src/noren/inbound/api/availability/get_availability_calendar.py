from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.calendar import Calendar
from ...models.inbound_error_body import InboundErrorBody
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    platform: str,
    shop_id: int,
    *,
    from_: datetime.date,
    to: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to = to.isoformat()
    params["to"] = json_to

    params["pax"] = pax

    params["courseId"] = course_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}/availability/calendar".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Calendar | InboundErrorBody:
    if response.status_code == 200:
        response_200 = Calendar.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Calendar | InboundErrorBody]:
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
    from_: datetime.date,
    to: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Response[Calendar | InboundErrorBody]:
    """ Check availability for a range of days

     For each JST day from `from` to `to` (at most 62 days), whether a party of `pax` can book some slot
    now and how many slots, optionally for one course: what a month view needs, in one call. Each day's
    count is exactly the length of the availability call's `availableTimes` for that day (the same
    rules, slots listed under the day they start on); ask the availability call for the day's times. A
    day without business hours or in the past has 0.

    Args:
        platform (str):
        shop_id (int):
        from_ (datetime.date):
        to (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Calendar | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
from_=from_,
to=to,
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
    from_: datetime.date,
    to: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Calendar | InboundErrorBody | None:
    """ Check availability for a range of days

     For each JST day from `from` to `to` (at most 62 days), whether a party of `pax` can book some slot
    now and how many slots, optionally for one course: what a month view needs, in one call. Each day's
    count is exactly the length of the availability call's `availableTimes` for that day (the same
    rules, slots listed under the day they start on); ask the availability call for the day's times. A
    day without business hours or in the past has 0.

    Args:
        platform (str):
        shop_id (int):
        from_ (datetime.date):
        to (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Calendar | InboundErrorBody
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
from_=from_,
to=to,
pax=pax,
course_id=course_id,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    from_: datetime.date,
    to: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Response[Calendar | InboundErrorBody]:
    """ Check availability for a range of days

     For each JST day from `from` to `to` (at most 62 days), whether a party of `pax` can book some slot
    now and how many slots, optionally for one course: what a month view needs, in one call. Each day's
    count is exactly the length of the availability call's `availableTimes` for that day (the same
    rules, slots listed under the day they start on); ask the availability call for the day's times. A
    day without business hours or in the past has 0.

    Args:
        platform (str):
        shop_id (int):
        from_ (datetime.date):
        to (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Calendar | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
from_=from_,
to=to,
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
    from_: datetime.date,
    to: datetime.date,
    pax: int | Unset = UNSET,
    course_id: int | Unset = UNSET,

) -> Calendar | InboundErrorBody | None:
    """ Check availability for a range of days

     For each JST day from `from` to `to` (at most 62 days), whether a party of `pax` can book some slot
    now and how many slots, optionally for one course: what a month view needs, in one call. Each day's
    count is exactly the length of the availability call's `availableTimes` for that day (the same
    rules, slots listed under the day they start on); ask the availability call for the day's times. A
    day without business hours or in the past has 0.

    Args:
        platform (str):
        shop_id (int):
        from_ (datetime.date):
        to (datetime.date):
        pax (int | Unset):
        course_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Calendar | InboundErrorBody
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
from_=from_,
to=to,
pax=pax,
course_id=course_id,

    )).parsed
