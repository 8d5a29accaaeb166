from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.list_menus_by_category_lang import ListMenusByCategoryLang
from ...models.menu_item import MenuItem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    category: int,
    lang: ListMenusByCategoryLang | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["category"] = category

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/order/menus/by-category",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | list[MenuItem]:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in (_response_200):
            response_200_item = MenuItem.from_dict(response_200_item_data)



            response_200.append(response_200_item)

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | list[MenuItem]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    category: int,
    lang: ListMenusByCategoryLang | Unset = UNSET,

) -> Response[ErrorBody | list[MenuItem]]:
    """ List a category's menus

    Args:
        category (int):
        lang (ListMenusByCategoryLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[MenuItem]]
     """


    kwargs = _get_kwargs(
        category=category,
lang=lang,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    category: int,
    lang: ListMenusByCategoryLang | Unset = UNSET,

) -> ErrorBody | list[MenuItem] | None:
    """ List a category's menus

    Args:
        category (int):
        lang (ListMenusByCategoryLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[MenuItem]
     """


    return sync_detailed(
        client=client,
category=category,
lang=lang,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    category: int,
    lang: ListMenusByCategoryLang | Unset = UNSET,

) -> Response[ErrorBody | list[MenuItem]]:
    """ List a category's menus

    Args:
        category (int):
        lang (ListMenusByCategoryLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[MenuItem]]
     """


    kwargs = _get_kwargs(
        category=category,
lang=lang,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    category: int,
    lang: ListMenusByCategoryLang | Unset = UNSET,

) -> ErrorBody | list[MenuItem] | None:
    """ List a category's menus

    Args:
        category (int):
        lang (ListMenusByCategoryLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[MenuItem]
     """


    return (await asyncio_detailed(
        client=client,
category=category,
lang=lang,

    )).parsed
