import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIT_MAX_ZOOM, FIT_PADDING, POINT_ZOOM } from './map-config';
import { ApplyView, centreOn, fitTo, type MapViewRequest, ReportView, showPoint } from './map-view';

/** A Leaflet map as the view's components use it: where it looks, and what it was asked. */
const fakeMap = {
  zoom: 6,
  inView: true,
  listeners: new Map<string, () => void>(),
  setView: vi.fn(),
  panTo: vi.fn(),
  fitBounds: vi.fn(),
  getZoom() {
    return this.zoom;
  },
  getCenter: () => ({ lat: 42.5, lng: 12.5 }),
  getBounds() {
    return { contains: () => this.inView };
  },
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener);
  },
  off(event: string) {
    this.listeners.delete(event);
  },
};

vi.mock('react-leaflet', () => ({ useMap: () => fakeMap }));

beforeEach(() => {
  fakeMap.zoom = 6;
  fakeMap.inView = true;
  fakeMap.listeners.clear();
  for (const spy of [fakeMap.setView, fakeMap.panTo, fakeMap.fitBounds]) spy.mockClear();
});

const FIRENZE = { lat: 43.7731, lng: 11.2558 };

describe('ApplyView', () => {
  it('centres on a point at street level at least, keeping a closer zoom', () => {
    const { rerender } = render(<ApplyView request={centreOn(FIRENZE)} />);
    expect(fakeMap.setView).toHaveBeenLastCalledWith([43.7731, 11.2558], POINT_ZOOM);
    fakeMap.zoom = 18;
    rerender(<ApplyView request={centreOn(FIRENZE)} />);
    expect(fakeMap.setView).toHaveBeenLastCalledWith([43.7731, 11.2558], 18);
  });

  it('applies a request once, and the same place again only by a new request', () => {
    const request = centreOn(FIRENZE);
    const { rerender } = render(<ApplyView request={request} />);
    rerender(<ApplyView request={request} />);
    expect(fakeMap.setView).toHaveBeenCalledTimes(1);
    rerender(<ApplyView request={centreOn(FIRENZE)} />);
    expect(fakeMap.setView).toHaveBeenCalledTimes(2);
  });

  it('pans to a point to show only when it is out of view', () => {
    const { rerender } = render(<ApplyView request={showPoint(FIRENZE)} />);
    expect(fakeMap.panTo).not.toHaveBeenCalled();
    fakeMap.inView = false;
    rerender(<ApplyView request={showPoint(FIRENZE)} />);
    expect(fakeMap.panTo).toHaveBeenCalledWith([43.7731, 11.2558]);
  });

  it('fits a box with the fit button’s padding and closest zoom', () => {
    const bounds: Extract<MapViewRequest, { kind: 'fit' }>['bounds'] = [
      [43.76, 11.25],
      [43.78, 11.26],
    ];
    render(<ApplyView request={fitTo(bounds)} />);
    expect(fakeMap.fitBounds).toHaveBeenCalledWith(bounds, {
      padding: FIT_PADDING,
      maxZoom: FIT_MAX_ZOOM,
    });
  });
});

describe('ReportView', () => {
  it('reports the view on opening and after every move, and stops listening when it goes', () => {
    const onView = vi.fn();
    const { unmount } = render(<ReportView onView={onView} />);
    expect(onView).toHaveBeenLastCalledWith({ lat: 42.5, lng: 12.5, zoom: 6 });
    fakeMap.zoom = 16;
    fakeMap.listeners.get('moveend')?.();
    expect(onView).toHaveBeenLastCalledWith({ lat: 42.5, lng: 12.5, zoom: 16 });
    unmount();
    expect(fakeMap.listeners.has('moveend')).toBe(false);
  });
});
