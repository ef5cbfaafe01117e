import { describe, expect, it } from 'vitest';
import { SERVICE_STATUS_COLOURS, availabilityColour, bySeverity, serviceStatusColour } from '../../../src/client/charts/status-colours.js';
import { SERVICE_STATUS } from '../../../src/shared/index.js';

function hueOf(hex: string): 'gray' | 'green' | 'yellow' | 'red' | 'other' {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  if (Math.max(r, g, b) - Math.min(r, g, b) < 48) return 'gray';
  if (g > r && g > b) return 'green';
  if (r > g && g > 2 * b) return 'yellow';
  if (r > 2 * g && r > 2 * b) return 'red';
  return 'other';
}

describe('service status colours', () => {
  it('are gray for no data, green for normal, yellow for warning and red for error (§3)', () => {
    expect(hueOf(SERVICE_STATUS_COLOURS[SERVICE_STATUS.NONE])).toBe('gray');
    expect(hueOf(SERVICE_STATUS_COLOURS[SERVICE_STATUS.NORMAL])).toBe('green');
    expect(hueOf(SERVICE_STATUS_COLOURS[SERVICE_STATUS.WARNING])).toBe('yellow');
    expect(hueOf(SERVICE_STATUS_COLOURS[SERVICE_STATUS.ERROR])).toBe('red');
  });

  it('colours an availability by the §3 bands: 95 and above normal, 75 and above warning', () => {
    expect(availabilityColour(100)).toBe(serviceStatusColour(SERVICE_STATUS.NORMAL));
    expect(availabilityColour(95)).toBe(serviceStatusColour(SERVICE_STATUS.NORMAL));
    expect(availabilityColour(94.99)).toBe(serviceStatusColour(SERVICE_STATUS.WARNING));
    expect(availabilityColour(75)).toBe(serviceStatusColour(SERVICE_STATUS.WARNING));
    expect(availabilityColour(74.99)).toBe(serviceStatusColour(SERVICE_STATUS.ERROR));
    expect(availabilityColour(0)).toBe(serviceStatusColour(SERVICE_STATUS.ERROR));
    expect(availabilityColour(null)).toBe(serviceStatusColour(SERVICE_STATUS.NONE));
  });

  it('orders statuses worst first', () => {
    const statuses = [SERVICE_STATUS.NONE, SERVICE_STATUS.NORMAL, SERVICE_STATUS.ERROR, SERVICE_STATUS.WARNING];
    expect(statuses.sort(bySeverity)).toEqual([SERVICE_STATUS.ERROR, SERVICE_STATUS.WARNING, SERVICE_STATUS.NORMAL, SERVICE_STATUS.NONE]);
  });
});
