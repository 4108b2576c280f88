// The server's JSON API, as the page calls it: every refusal becomes an ApiError with the
// server's own words.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** The JSON reply of one request; a refusal throws an ApiError with its status. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(`the server answered ${response.status} without JSON`, response.status);
  }
  if (!response.ok) throw new ApiError(data.error || response.statusText, response.status);
  return data;
}

/** A select of the seat kinds the server offers, set to ``value``. */
export function seatSelect(options, value, label) {
  const select = document.createElement("select");
  select.setAttribute("aria-label", label);
  for (const seat of options.seats) {
    const option = new Option(seat.name, seat.name, false, seat.name === value);
    option.title = seat.description;
    select.append(option);
  }
  select.value = value;
  return select;
}
