from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.shop_course import ShopCourse
from typing import cast



def _get_kwargs(
    platform: str,
    course_id: int,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/courses/{course_id}".format(platform=quote(str(platform), safe=""),course_id=quote(str(course_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | ShopCourse:
    if response.status_code == 200:
        response_200 = ShopCourse.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | ShopCourse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    course_id: int,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | ShopCourse]:
    """ Retrieve a course

     Every field of a published course (a parent course with its child courses, or a child course),
    `courseI18n` in every language it has, prices, signed image links (valid 10 minutes), order time
    ranges in JST (possibly crossing midnight) and validity dates.

    Args:
        platform (str):
        course_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ShopCourse]
     """


    kwargs = _get_kwargs(
        platform=platform,
course_id=course_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    course_id: int,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | ShopCourse | None:
    """ Retrieve a course

     Every field of a published course (a parent course with its child courses, or a child course),
    `courseI18n` in every language it has, prices, signed image links (valid 10 minutes), order time
    ranges in JST (possibly crossing midnight) and validity dates.

    Args:
        platform (str):
        course_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ShopCourse
     """


    return sync_detailed(
        platform=platform,
course_id=course_id,
client=client,

    ).parsed

async def asyncio_detailed(
    platform: str,
    course_id: int,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | ShopCourse]:
    """ Retrieve a course

     Every field of a published course (a parent course with its child courses, or a child course),
    `courseI18n` in every language it has, prices, signed image links (valid 10 minutes), order time
    ranges in JST (possibly crossing midnight) and validity dates.

    Args:
        platform (str):
        course_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ShopCourse]
     """


    kwargs = _get_kwargs(
        platform=platform,
course_id=course_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    course_id: int,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | ShopCourse | None:
    """ Retrieve a course

     Every field of a published course (a parent course with its child courses, or a child course),
    `courseI18n` in every language it has, prices, signed image links (valid 10 minutes), order time
    ranges in JST (possibly crossing midnight) and validity dates.

    Args:
        platform (str):
        course_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ShopCourse
     """


    return (await asyncio_detailed(
        platform=platform,
course_id=course_id,
client=client,

    )).parsed
