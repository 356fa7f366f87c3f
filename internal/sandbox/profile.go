// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"
	"unicode"
)

// PartnerProfile is a partner's profile as GET /v1/partner/profile answers
// it. Status is one of the published pending, active or suspended.
type PartnerProfile struct {
	ID                 int64  `json:"id"`
	Name               string `json:"name"`
	CompanyName        string `json:"companyName"`
	ContactEmail       string `json:"contactEmail"`
	ContactPhone       string `json:"contactPhone"`
	Website            string `json:"website"`
	RegistrationNumber string `json:"registrationNumber"`
	Status             string `json:"status"`
	CreatedAt          string `json:"createdAt"`
	UpdatedAt          string `json:"updatedAt"`
}

// The routes of the partner's profile.
const (
	// RouteGetProfile reads the partner's profile.
	RouteGetProfile = "GET /v1/partner/profile"
)

func init() { registerArea("profile", (*Server).profileRoutes) }

// profileRoutes registers the route of the partner's profile.
func (s *Server) profileRoutes() {
	s.api(RouteGetProfile, s.partnerWide(s.getProfile))
}

// getProfile answers the calling partner's profile.
func (s *Server) getProfile(p Partner, _ *http.Request, body []byte) (int, any, error) {
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, s.profileOf(p), nil
}

// profileOf is the fixture's profile of the partner, its empty fields
// filled from derivedProfile. Profiles never change.
func (s *Server) profileOf(p Partner) PartnerProfile {
	index := 0
	for i, fp := range s.fixtures.Partners {
		if fp.ClientID == p.ClientID {
			index = i
		}
	}
	out := derivedProfile(p.ClientID, index)
	if p.Profile == nil {
		return out
	}
	given := *p.Profile
	if given.ID != 0 {
		out.ID = given.ID
	}
	for _, f := range []struct{ dst, src *string }{
		{&out.Name, &given.Name}, {&out.CompanyName, &given.CompanyName}, {&out.ContactEmail, &given.ContactEmail},
		{&out.ContactPhone, &given.ContactPhone}, {&out.Website, &given.Website},
		{&out.RegistrationNumber, &given.RegistrationNumber}, {&out.Status, &given.Status},
		{&out.CreatedAt, &given.CreatedAt}, {&out.UpdatedAt, &given.UpdatedAt},
	} {
		if *f.src != "" {
			*f.dst = *f.src
		}
	}
	return out
}

// derivedProfile makes a stable profile from a client ID and the partner's
// position in the fixtures: "demo-partner" is "Demo Partner", company "Demo
// Partner ApS", at demo-partner.example, with an eight-digit (CVR-style)
// registration number derived from the ID. Every derived profile is active.
func derivedProfile(clientID string, index int) PartnerProfile {
	slug := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return '-'
	}, clientID)
	words := strings.FieldsFunc(clientID, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	name := strings.Join(words, " ")
	h := fnv.New32a()
	_, _ = h.Write([]byte(clientID))
	return PartnerProfile{
		ID: int64(index + 1), Name: name, CompanyName: name + " ApS",
		ContactEmail: "partners@" + slug + ".example", ContactPhone: fmt.Sprintf("+4570%06d", index+1),
		Website: "https://" + slug + ".example", RegistrationNumber: fmt.Sprintf("%08d", h.Sum32()%100_000_000),
		Status: statusActive, CreatedAt: fixtureCreatedAt, UpdatedAt: fixtureCreatedAt,
	}
}
