import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inSingapore, svy21ToWgs84, wgs84ToSvy21 } from './svy21.js';

/** Metres between two nearby points (an equirectangular approximation, exact enough within a city). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const y = (a.lat - b.lat) * 110_574;
  const x = (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(x, y);
}

describe('SVY21 to WGS84', () => {
  it("puts the projection's origin at its published latitude and longitude", () => {
    const origin = svy21ToWgs84(28001.642, 38744.572);
    assert.ok(Math.abs(origin.lat - (1 + 22 / 60)) < 1e-10, String(origin.lat));
    assert.ok(Math.abs(origin.lng - (103 + 50 / 60)) < 1e-10, String(origin.lng));
  });

  it("agrees with the open converters' worked example to within their origin's truncation (under 10 cm)", () => {
    // cgcai/SVY21's worked example, near Kent Ridge: it puts the origin at 1.366666, 103.833333,
    // 7–8 cm from EPSG:3414's 1°22′, 103°50′; the formulas otherwise agree to well under a millimetre.
    const known = [
      { easting: 21362.157043860374, northing: 30811.26429645264, lat: 1.2949192688485278, lng: 103.77367436885834 },
    ];
    for (const point of known) {
      const converted = svy21ToWgs84(point.easting, point.northing);
      assert.ok(metresBetween(converted, point) < 0.1, `${JSON.stringify(point)} → ${JSON.stringify(converted)}`);
    }
  });

  it('projects the worked example forward near its published easting and northing, and back again to within a millimetre', () => {
    const forward = wgs84ToSvy21(1.2949192688485278, 103.77367436885834);
    assert.ok(Math.abs(forward.easting - 21362.157043860374) < 0.1, String(forward.easting));
    assert.ok(Math.abs(forward.northing - 30811.26429645264) < 0.1, String(forward.northing));
    for (let lat = 1.2; lat <= 1.46; lat += 0.05)
      for (let lng = 103.6; lng <= 104.05; lng += 0.05) {
        const { easting, northing } = wgs84ToSvy21(lat, lng);
        assert.ok(metresBetween(svy21ToWgs84(easting, northing), { lat, lng }) < 0.001, `${lat},${lng}`);
      }
  });

  it("keeps a kilometre east and north a kilometre away, across the island's extent", () => {
    for (const [easting, northing] of [
      [5000, 25000],
      [28001, 38744],
      [45000, 45000],
    ]) {
      const here = svy21ToWgs84(easting, northing);
      const east = svy21ToWgs84(easting + 1000, northing);
      const north = svy21ToWgs84(easting, northing + 1000);
      assert.ok(Math.abs(metresBetween(here, east) - 1000) < 5, `east of ${easting},${northing}`);
      assert.ok(Math.abs(metresBetween(here, north) - 1000) < 5, `north of ${easting},${northing}`);
      assert.ok(inSingapore(here));
    }
  });
});
