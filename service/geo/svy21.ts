/**
 * SVY21 (EPSG:3414), the plane coordinates of Singapore's land surveys that URA and OneMap publish as
 * `x`/`y` (easting/northing, metres), to WGS84 latitude and longitude: the inverse Transverse Mercator
 * on the WGS84 ellipsoid (the LINZ formulation), with the projection's published origin and false offsets.
 */
const A = 6378137;
const F = 1 / 298.257223563;
/** EPSG:3414's natural origin: 1°22′ N, 103°50′ E (some converters truncate it to 1.366666, 103.833333: 7 cm off). */
const ORIGIN = { lat: 1 + 22 / 60, lng: 103 + 50 / 60, northing: 38744.572, easting: 28001.642, scale: 1 };

const B = A * (1 - F);
const E2 = 2 * F - F * F;
const E4 = E2 * E2;
const E6 = E4 * E2;
const A0 = 1 - E2 / 4 - (3 * E4) / 64 - (5 * E6) / 256;
const A2 = (3 / 8) * (E2 + E4 / 4 + (15 * E6) / 128);
const A4 = (15 / 256) * (E4 + (3 * E6) / 4);
const A6 = (35 * E6) / 3072;
const RADIANS = Math.PI / 180;

/** The meridian distance from the equator to `lat` (radians). */
const meridian = (lat: number) =>
  A * (A0 * lat - A2 * Math.sin(2 * lat) + A4 * Math.sin(4 * lat) - A6 * Math.sin(6 * lat));
const M0 = meridian(ORIGIN.lat * RADIANS);

/** The ellipsoid's radii of curvature at a latitude (radians), their ratio and the tangent, with their powers. */
function curvatureAt(lat: number) {
  const sin2 = Math.sin(lat) ** 2;
  const rho = (A * (1 - E2)) / (1 - E2 * sin2) ** 1.5;
  const nu = A / Math.sqrt(1 - E2 * sin2);
  const psi = nu / rho;
  const t = Math.tan(lat);
  return { rho, nu, psi, psi2: psi ** 2, psi3: psi ** 3, psi4: psi ** 4, t, t2: t ** 2, t4: t ** 4, t6: t ** 6 };
}

/** WGS84 latitude and longitude to SVY21 easting and northing (the forward projection, for files the sandbox writes). */
export function wgs84ToSvy21(latitude: number, longitude: number): { easting: number; northing: number } {
  const { scale: k } = ORIGIN;
  const lat = latitude * RADIANS;
  const sin = Math.sin(lat);
  const cos = Math.cos(lat);
  const { nu, psi, psi2, psi3, psi4, t2, t4, t6 } = curvatureAt(lat);
  const w = (longitude - ORIGIN.lng) * RADIANS;
  const [w2, w4, w6, w8] = [w ** 2, w ** 4, w ** 6, w ** 8];

  const north =
    meridian(lat) -
    M0 +
    (w2 / 2) * nu * sin * cos +
    (w4 / 24) * nu * sin * cos ** 3 * (4 * psi2 + psi - t2) +
    (w6 / 720) *
      nu *
      sin *
      cos ** 5 *
      (8 * psi4 * (11 - 24 * t2) - 28 * psi3 * (1 - 6 * t2) + psi2 * (1 - 32 * t2) - psi * 2 * t2 + t4) +
    (w8 / 40320) * nu * sin * cos ** 7 * (1385 - 3111 * t2 + 543 * t4 - t6);
  const east =
    nu *
    w *
    cos *
    (1 +
      (w2 / 6) * cos ** 2 * (psi - t2) +
      (w4 / 120) * cos ** 4 * (4 * psi3 * (1 - 6 * t2) + psi2 * (1 + 8 * t2) - psi * 2 * t2 + t4) +
      (w6 / 5040) * cos ** 6 * (61 - 479 * t2 + 179 * t4 - t6));
  return { easting: ORIGIN.easting + k * east, northing: ORIGIN.northing + k * north };
}

export function svy21ToWgs84(easting: number, northing: number): { lat: number; lng: number } {
  const { scale: k } = ORIGIN;
  const mPrime = M0 + (northing - ORIGIN.northing) / k;
  const n = (A - B) / (A + B);
  const [n2, n3, n4] = [n ** 2, n ** 3, n ** 4];
  const g = A * (1 - n) * (1 - n2) * (1 + (9 * n2) / 4 + (225 * n4) / 64) * RADIANS;
  const sigma = (mPrime * RADIANS) / g;
  const latPrime =
    sigma +
    ((3 * n) / 2 - (27 * n3) / 32) * Math.sin(2 * sigma) +
    ((21 * n2) / 16 - (55 * n4) / 32) * Math.sin(4 * sigma) +
    ((151 * n3) / 96) * Math.sin(6 * sigma) +
    ((1097 * n4) / 512) * Math.sin(8 * sigma);

  const { rho, nu, psi, psi2, psi3, psi4, t, t2, t4, t6 } = curvatureAt(latPrime);
  const ePrime = easting - ORIGIN.easting;
  const x = ePrime / (k * nu);
  const [x3, x5, x7] = [x ** 3, x ** 5, x ** 7];

  const latFactor = t / (k * rho);
  const lat =
    latPrime -
    latFactor * ((x * ePrime) / 2) +
    latFactor * ((x3 * ePrime) / 24) * (-4 * psi2 + 9 * psi * (1 - t2) + 12 * t2) -
    latFactor *
      ((x5 * ePrime) / 720) *
      (8 * psi4 * (11 - 24 * t2) -
        12 * psi3 * (21 - 71 * t2) +
        15 * psi2 * (15 - 98 * t2 + 15 * t4) +
        180 * psi * (5 * t2 - 3 * t4) +
        360 * t4) +
    latFactor * ((x7 * ePrime) / 40320) * (1385 - 3633 * t2 + 4095 * t4 + 1575 * t6);

  const sec = 1 / Math.cos(latPrime);
  const lng =
    ORIGIN.lng * RADIANS +
    x * sec -
    ((x3 * sec) / 6) * (psi + 2 * t2) +
    ((x5 * sec) / 120) * (-4 * psi3 * (1 - 6 * t2) + psi2 * (9 - 68 * t2) + 72 * psi * t2 + 24 * t4) -
    ((x7 * sec) / 5040) * (61 + 662 * t2 + 1320 * t4 + 720 * t6);

  return { lat: lat / RADIANS, lng: lng / RADIANS };
}

/** Whether a point lies within Singapore's land and waters (a plausibility check for imported coordinates). */
export function inSingapore({ lat, lng }: { lat: number; lng: number }): boolean {
  return lat > 1.15 && lat < 1.48 && lng > 103.59 && lng < 104.1;
}
