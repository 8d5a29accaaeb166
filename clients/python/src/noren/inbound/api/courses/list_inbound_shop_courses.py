from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.course_page import CoursePage
from ...models.inbound_error_body import InboundErrorBody
from ...models.list_inbound_shop_courses_language_code import ListInboundShopCoursesLanguageCode
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    platform: str,
    shop_id: int,
    *,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    course_name_query: str | Unset = UNSET,
    language_code: ListInboundShopCoursesLanguageCode | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params["courseNameQuery"] = course_name_query

    json_language_code: str | Unset = UNSET
    if not isinstance(language_code, Unset):
        json_language_code = language_code.value

    params["languageCode"] = json_language_code


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}/courses".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CoursePage | InboundErrorBody:
    if response.status_code == 200:
        response_200 = CoursePage.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CoursePage | InboundErrorBody]:
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
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    course_name_query: str | Unset = UNSET,
    language_code: ListInboundShopCoursesLanguageCode | Unset = UNSET,

) -> Response[CoursePage | InboundErrorBody]:
    """ List a shop's courses

     The published parent courses of a published shop in display order, each with its child courses, and
    `count` the number of such courses in all. With `languageCode`, `courseI18n` holds that language
    (fallback en → ja); without it, every language the course has.

    Args:
        platform (str):
        shop_id (int):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        course_name_query (str | Unset):
        language_code (ListInboundShopCoursesLanguageCode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CoursePage | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
limit=limit,
offset=offset,
course_name_query=course_name_query,
language_code=language_code,

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
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    course_name_query: str | Unset = UNSET,
    language_code: ListInboundShopCoursesLanguageCode | Unset = UNSET,

) -> CoursePage | InboundErrorBody | None:
    """ List a shop's courses

     The published parent courses of a published shop in display order, each with its child courses, and
    `count` the number of such courses in all. With `languageCode`, `courseI18n` holds that language
    (fallback en → ja); without it, every language the course has.

    Args:
        platform (str):
        shop_id (int):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        course_name_query (str | Unset):
        language_code (ListInboundShopCoursesLanguageCode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CoursePage | InboundErrorBody
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
limit=limit,
offset=offset,
course_name_query=course_name_query,
language_code=language_code,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    course_name_query: str | Unset = UNSET,
    language_code: ListInboundShopCoursesLanguageCode | Unset = UNSET,

) -> Response[CoursePage | InboundErrorBody]:
    """ List a shop's courses

     The published parent courses of a published shop in display order, each with its child courses, and
    `count` the number of such courses in all. With `languageCode`, `courseI18n` holds that language
    (fallback en → ja); without it, every language the course has.

    Args:
        platform (str):
        shop_id (int):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        course_name_query (str | Unset):
        language_code (ListInboundShopCoursesLanguageCode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CoursePage | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
limit=limit,
offset=offset,
course_name_query=course_name_query,
language_code=language_code,

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
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    course_name_query: str | Unset = UNSET,
    language_code: ListInboundShopCoursesLanguageCode | Unset = UNSET,

) -> CoursePage | InboundErrorBody | None:
    """ List a shop's courses

     The published parent courses of a published shop in display order, each with its child courses, and
    `count` the number of such courses in all. With `languageCode`, `courseI18n` holds that language
    (fallback en → ja); without it, every language the course has.

    Args:
        platform (str):
        shop_id (int):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        course_name_query (str | Unset):
        language_code (ListInboundShopCoursesLanguageCode | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CoursePage | InboundErrorBody
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
limit=limit,
offset=offset,
course_name_query=course_name_query,
language_code=language_code,

    )).parsed
