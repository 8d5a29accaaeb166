from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.list_menu_categories_lang import ListMenuCategoriesLang
from ...models.menu_category import MenuCategory
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    shop: int,
    lang: ListMenuCategoriesLang | Unset = UNSET,
    profile: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["shop"] = shop

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang

    params["profile"] = profile


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/order/menus/categories",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | list[MenuCategory]:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in (_response_200):
            response_200_item = MenuCategory.from_dict(response_200_item_data)



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | list[MenuCategory]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    shop: int,
    lang: ListMenuCategoriesLang | Unset = UNSET,
    profile: str | Unset = UNSET,

) -> Response[ErrorBody | list[MenuCategory]]:
    """ List menu categories

    Args:
        shop (int):
        lang (ListMenuCategoriesLang | Unset):
        profile (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[MenuCategory]]
     """


    kwargs = _get_kwargs(
        shop=shop,
lang=lang,
profile=profile,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    shop: int,
    lang: ListMenuCategoriesLang | Unset = UNSET,
    profile: str | Unset = UNSET,

) -> ErrorBody | list[MenuCategory] | None:
    """ List menu categories

    Args:
        shop (int):
        lang (ListMenuCategoriesLang | Unset):
        profile (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[MenuCategory]
     """


    return sync_detailed(
        client=client,
shop=shop,
lang=lang,
profile=profile,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    shop: int,
    lang: ListMenuCategoriesLang | Unset = UNSET,
    profile: str | Unset = UNSET,

) -> Response[ErrorBody | list[MenuCategory]]:
    """ List menu categories

    Args:
        shop (int):
        lang (ListMenuCategoriesLang | Unset):
        profile (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[MenuCategory]]
     """


    kwargs = _get_kwargs(
        shop=shop,
lang=lang,
profile=profile,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    shop: int,
    lang: ListMenuCategoriesLang | Unset = UNSET,
    profile: str | Unset = UNSET,

) -> ErrorBody | list[MenuCategory] | None:
    """ List menu categories

    Args:
        shop (int):
        lang (ListMenuCategoriesLang | Unset):
        profile (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[MenuCategory]
     """


    return (await asyncio_detailed(
        client=client,
shop=shop,
lang=lang,
profile=profile,

    )).parsed
