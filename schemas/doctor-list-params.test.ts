import { describe, expect, it } from 'vitest';
import { doctorFilterFromSearch, withFilters, withPage } from './doctor-list-params';

const parse = (query: string) => doctorFilterFromSearch(new URLSearchParams(query));

describe('doctorFilterFromSearch', () => {
  it('reads the speciality, symptom and page', () => {
    expect(parse('specialityId=4&symptomId=9&page=3')).toEqual({
      pageNumber: 3,
      pageSize: 15,
      orderBy: 'DESC',
      specialities: [4],
      symptoms: [9],
    });
  });

  it('maps servicetype=3 (schedule consultation) to hospital visits', () => {
    expect(parse('servicetype=3').serviceTypes).toEqual([0]);
    expect(parse('servicetype=1').serviceTypes).toEqual([1]);
    expect(parse('servicetype=4&healthProgramId=2').serviceTypes).toBeUndefined();
  });

  it('ignores values that are not positive integers', () => {
    expect(parse('specialityId=abc&symptomId=-1&page=0')).toEqual({
      pageNumber: 1,
      pageSize: 15,
      orderBy: 'DESC',
    });
  });
});

describe('withPage', () => {
  it('keeps the filters and drops page 1', () => {
    expect(withPage(new URLSearchParams('specialityId=4&page=2'), 3)).toBe('?specialityId=4&page=3');
    expect(withPage(new URLSearchParams('specialityId=4&page=2'), 1)).toBe('?specialityId=4');
  });
});

describe('filters in the URL', () => {
  it('reads every filter and sort of spec section 3', () => {
    expect(
      parse(
        'cityId=3&gender=F,M,X&hospitals=2,5,2&languages=1&specialities=4,6&symptoms=9&serviceTypes=1,2,7&experience=10&sort=price&order=ASC&searchText=%20tim%20mach%20',
      ),
    ).toEqual({
      pageNumber: 1,
      pageSize: 15,
      orderBy: 'ASC',
      cityId: 3,
      gender: ['F', 'M'],
      hospitals: [2, 5],
      languages: [1],
      specialities: [4, 6],
      symptoms: [9],
      serviceTypes: [1, 2],
      experiences: [10],
      orderType: 'price',
      searchText: 'tim mach',
    });
  });

  it('reads a health program list and ignores an unknown sort', () => {
    expect(parse('servicetype=4&healthProgramId=2&sort=cheapest')).toEqual({
      pageNumber: 1,
      pageSize: 15,
      orderBy: 'DESC',
      healthProgramId: 2,
    });
  });

  it('round-trips: the URL written for a filter reads back as the same filter', () => {
    const start = new URLSearchParams('specialityId=4&page=3');
    const query = withFilters(start, { specialities: [4, 8], gender: ['F'], sort: 'rating', experience: 5 });
    expect(query).toBe('?specialities=4%2C8&gender=F&sort=rating&experience=5');
    const filter = parse(query.slice(1));
    expect(filter).toMatchObject({
      specialities: [4, 8],
      gender: ['F'],
      orderType: 'rating',
      experiences: [5],
      pageNumber: 1,
    });
  });

  it('removes a cleared filter and keeps the others', () => {
    const start = new URLSearchParams('cityId=3&gender=F&symptomId=9');
    expect(withFilters(start, { city: null, symptoms: [] })).toBe('?gender=F');
  });
});
